/** Public page frame: header, main content, footer; scroll to top and document title on every route change. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { useRouteChrome } from './useDocumentTitle';

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  main: { flex: 1, width: '100%', maxWidth: '1200px', margin: '0 auto', padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`, boxSizing: 'border-box' },
});

export function SiteLayout() {
  const s = useStyles();
  useRouteChrome();
  return (
    <div className={s.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className={s.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
