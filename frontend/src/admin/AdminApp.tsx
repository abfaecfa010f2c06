/**
 * The admin dashboard, loaded only when /admin/* is visited (its own chunk): guard, tab bar and
 * the section of the current tab.
 */
import { Button, makeStyles, Tab, TabList, Title2, tokens } from '@fluentui/react-components';
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useSignOut } from '../auth/useSignOut';
import { ButtonLink } from '../components/ButtonLink';
import { AdminGuard } from './AdminGuard';
import { ADMIN_TABS } from './tabs';
import { Overview } from './Overview';

// Each section is its own chunk, loaded when its tab opens.
const sections = {
  languages: lazy(() => import('./languages/ManageLanguages')),
  levels: lazy(() => import('./levels/ManageLevels')),
  lessons: lazy(() => import('./lessons/ManageLessons')),
  phrases: lazy(() => import('./phrases/ManagePhrases')),
  users: lazy(() => import('./users/ManageUsers')),
  blog: lazy(() => import('./blog/ManageBlog')),
  settings: lazy(() => import('./settings/SettingsScreen')),
};

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalM },
  account: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  tabs: { overflowX: 'auto', marginBottom: tokens.spacingVerticalXL, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
});

function AdminShell() {
  const s = useStyles();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const onSignOut = useSignOut();
  const current = ADMIN_TABS.find((t) => t.path !== '/admin' && pathname.startsWith(t.path))?.value ?? 'overview';

  return (
    <>
      <div className={s.top}>
        <Title2 as="h1">Admin Dashboard</Title2>
        <div className={s.account}>
          <ButtonLink to="/profile" icon={<PersonRegular />}>
            Your Profile
          </ButtonLink>
          <Button icon={<SignOutRegular />} onClick={onSignOut} title={user?.email}>
            Sign Out
          </Button>
        </div>
      </div>
      <TabList className={s.tabs} selectedValue={current} onTabSelect={(_, d) => navigate(ADMIN_TABS.find((t) => t.value === d.value)!.path)}>
        {ADMIN_TABS.map((t) => (
          <Tab key={t.value} value={t.value}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      <Suspense fallback={null}>
        <Routes>
          <Route index element={<Overview />} />
          {Object.entries(sections).map(([path, Section]) => (
            <Route key={path} path={path} element={<Section />} />
          ))}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}

export default function AdminApp() {
  return (
    <AdminGuard>
      <AdminShell />
    </AdminGuard>
  );
}
