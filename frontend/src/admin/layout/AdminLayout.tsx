/**
 * The back office's own frame, outside the public one (no public header, footer, promo bar, tab bar
 * or cookie banner: the stored cookie choice still applies): a header with the product (a link back
 * to the public site), 'Admin Dashboard', 'Your Profile' and 'Sign Out', the section navigation, and
 * the section below. Document title and favicon follow the route as on the public pages.
 */
import { Button, Title3 } from '@fluentui/react-components';
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
import { AdminNavBar, AdminNavMenu } from './AdminNav';
import { useFrameStyles } from '../../components/adminFrameStyles';

export function AdminLayout({ children }: { children: ReactNode }) {
  const s = useFrameStyles();
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
