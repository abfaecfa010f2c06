/**
 * The back office's own frame, outside the public one (no public header, footer, promo bar, tab bar
 * or cookie banner: the stored cookie choice still applies): a header with the product (a link back
 * to the public site), 'Admin Dashboard', 'Your Profile' and 'Sign Out', the section navigation, and
 * the section below. Document title and favicon follow the route as on the public pages.
 */
import { Button, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { useSignOut } from '../../auth/useSignOut';
import { ButtonLink } from '../../components/ButtonLink';
import { PageFrame } from '../../components/PageFrame';
import { config } from '../../config';
import { useFavicon, SiteLogo } from '../../layout/branding';
import { useRouteChrome } from '../../layout/useDocumentTitle';
import { PAGE_WIDTH, visuallyHidden } from '../../theme/styles';
import { AdminNavBar, AdminNavMenu } from './AdminNav';

const narrow = '@media (max-width: 767px)';

const useStyles = makeStyles({
  header: { backgroundColor: tokens.colorNeutralBackground1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  inner: {
    maxWidth: PAGE_WIDTH,
    margin: '0 auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0`,
    boxSizing: 'border-box',
    [narrow]: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minHeight: '48px' },
  brand: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '44px',
    minWidth: '44px',
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    ':hover': { textDecoration: 'underline' },
  },
  logo: { height: '32px', width: 'auto', maxWidth: '120px', objectFit: 'contain' },
  // On phones the logo alone links home (the link keeps the product's name), leaving room for the title.
  productName: { [narrow]: visuallyHidden },
  title: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
    [narrow]: { fontSize: tokens.fontSizeBase400, paddingLeft: 0, borderLeft: 'none' },
  },
  account: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto', flexShrink: 0 },
  // 44 px targets at every width (a tablet in landscape is wide and still touched).
  target: { minHeight: '44px', minWidth: '44px' },
  // Icon-only on phones; the text stays the button's name.
  buttonText: { [narrow]: visuallyHidden },
  sections: { marginTop: tokens.spacingVerticalXS, [narrow]: { marginTop: tokens.spacingVerticalS } },
  main: { [narrow]: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` } },
});

export function AdminLayout({ children }: { children: ReactNode }) {
  const s = useStyles();
  const { user } = useAuth();
  const onSignOut = useSignOut();
  useRouteChrome();
  useFavicon();
  const product = config().productName;
  const header = (
    <header className={s.header}>
      <div className={s.inner}>
        <div className={s.top}>
          <NavLink to="/" className={s.brand} aria-label={`${product}: public site`}>
            <SiteLogo className={s.logo} />
            <span className={s.productName}>{product}</span>
          </NavLink>
          <Title3 as="h1" className={s.title}>
            Admin Dashboard
          </Title3>
          <div className={s.account}>
            <ButtonLink to="/profile" icon={<PersonRegular />} className={s.target}>
              <span className={s.buttonText}>Your Profile</span>
            </ButtonLink>
            <Button icon={<SignOutRegular />} onClick={() => void onSignOut()} title={user?.email} className={s.target}>
              <span className={s.buttonText}>Sign Out</span>
            </Button>
          </div>
        </div>
        <div className={s.sections}>
          <AdminNavBar />
          <AdminNavMenu />
        </div>
      </div>
    </header>
  );
  return (
    <PageFrame header={header} mainClassName={s.main}>
      {children}
    </PageFrame>
  );
}
