/**
 * The frame of every page, public site and back office: the skip link (index.html styles it), the
 * header, the page in <main id="main"> at the site's width, then what follows it (footer, docks).
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PAGE_WIDTH, PROSE_LINK } from '../theme/styles';

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  main: {
    flex: 1,
    width: '100%',
    maxWidth: PAGE_WIDTH,
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    // A link in running text (no class of its own: react-router's Link, mailto:, the rows a script
    // adds) takes the design's link colours, never the browser's default blue and purple.
    '& a:not([class])': PROSE_LINK,
  },
});

export function PageFrame(props: { header: ReactNode; children: ReactNode; after?: ReactNode; className?: string; mainClassName?: string }) {
  const s = useStyles();
  return (
    <div className={mergeClasses(s.shell, props.className)}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {props.header}
      <main id="main" className={mergeClasses(s.main, props.mainClassName)}>
        {props.children}
      </main>
      {props.after}
    </div>
  );
}
