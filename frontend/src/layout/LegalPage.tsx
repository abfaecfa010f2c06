/** Frame of the static legal pages: title, 'Last Updated' (always today's date), sections, a Back button. */
import { Body1, Caption1, makeStyles, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { MobileBack } from './MobileBack';
import { SITE, attr } from '@shared/markup';
import { READING_WIDTH } from '../theme/styles';

export interface LegalSection {
  title: string;
  body: ReactNode[];
}

const useStyles = makeStyles({
  page: {
    maxWidth: READING_WIDTH,
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxShadow: tokens.shadow4,
    '@media (max-width: 767px)': { padding: tokens.spacingHorizontalL },
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  updated: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  p: { margin: 0, lineHeight: '1.7' },
});

/**
 * 'Last Updated' is today: the server writes its day (UTC; the CDN keeps these pages only until
 * midnight UTC) and the page's script switches it to the visitor's day (data-local-date).
 */
const today = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const s = useStyles();
  return (
    <article className={s.page}>
      <MobileBack fallback="/" always />
      <Title1 as="h1">{title}</Title1>
      <Caption1 as="p" className={s.updated}>
        Last Updated: <span {...attr(SITE.localDate)}>{today()}</span>
      </Caption1>
      <Body1 as="p" className={s.p}>
        {intro}
      </Body1>
      {sections.map((sec) => (
        <section key={sec.title} className={s.section}>
          <Subtitle1 as="h2">{sec.title}</Subtitle1>
          {sec.body.map((b, i) => (
            <Body1 as="p" key={i} className={s.p}>
              {b}
            </Body1>
          ))}
        </section>
      ))}
    </article>
  );
}
