/**
 * /profile: the signed-in user's account card (username, e-mail, sign out) beside two tabs,
 * Progress and Favorites. Personal: rendered in the browser only, never by the server or the CDN.
 * Signed-out visitors go to /auth, which brings them back here.
 */
import { makeStyles, Skeleton, SkeletonItem, Tab, TabList, Title1, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { twoColumns } from '../theme/styles';
import { AccountCard } from './profile/AccountCard';
import { FavoritesTab } from './profile/FavoritesTab';
import { ProgressTab } from './profile/ProgressTab';
import { pages } from '@shared/urls';

const useStyles = makeStyles({
  page: { maxWidth: '1040px', margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  heading: { margin: 0 },
  columns: twoColumns('320px 1fr'),
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  skeleton: { display: 'grid', gap: tokens.spacingVerticalL },
});

type TabValue = 'progress' | 'favorites';

export default function ProfilePage() {
  const s = useStyles();
  const { status, user, signedOutByUser } = useAuth();
  const [tab, setTab] = useState<TabValue>('progress');
  // Signing out here leads home (as the Sign Out button does); a visitor without a session goes to /auth.
  if (status === 'signedOut')
    return signedOutByUser ? <Navigate to={pages.home} replace /> : <Navigate to={pages.auth} replace state={{ from: pages.profile }} />;
  if (status === 'loading' || !user)
    return (
      <Skeleton aria-label="Loading your profile" className={s.skeleton}>
        <SkeletonItem size={32} />
        <SkeletonItem shape="rectangle" style={{ height: 280 }} />
      </Skeleton>
    );

  return (
    <div className={s.page}>
      <Title1 as="h1" className={s.heading}>
        Your Profile
      </Title1>
      <div className={s.columns}>
        <AccountCard email={user.email} />
        <div className={s.main}>
          <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabValue)} aria-label="Your learning">
            <Tab value="progress">Progress</Tab>
            <Tab value="favorites">Favorites</Tab>
          </TabList>
          <div role="tabpanel" aria-label={tab === 'progress' ? 'Progress' : 'Favorites'}>
            {tab === 'progress' ? <ProgressTab /> : <FavoritesTab />}
          </div>
        </div>
      </div>
    </div>
  );
}
