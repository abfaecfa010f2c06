/**
 * The admin dashboard, loaded only when /admin/* is visited (its own chunk): guard, the back
 * office's own frame (layout/AdminLayout: header and section navigation from ADMIN_TABS) and the
 * section of the current tab.
 */
import { makeStyles, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminGuard } from './AdminGuard';
import { AdminLayout } from './layout/AdminLayout';
import type { AdminTab } from './tabs';
import { useTabs } from './useTabs';
import { Overview } from './Overview';

// Each section is its own chunk, loaded when its tab opens. Every tab but Overview needs one (typed).
const sections: Record<Exclude<AdminTab, 'overview'>, LazyExoticComponent<ComponentType>> = {
  languages: lazy(() => import('./languages/ManageLanguages')),
  levels: lazy(() => import('./levels/ManageLevels')),
  lessons: lazy(() => import('./lessons/ManageLessons')),
  phrases: lazy(() => import('./phrases/ManagePhrases')),
  coverage: lazy(() => import('./coverage/CoverageScreen')),
  voices: lazy(() => import('./speech/VoicesScreen')),
  pronunciations: lazy(() => import('./speech/PronunciationsScreen')),
  users: lazy(() => import('./users/ManageUsers')),
  blog: lazy(() => import('./blog/ManageBlog')),
  settings: lazy(() => import('./settings/SettingsScreen')),
  trash: lazy(() => import('./trash/TrashScreen')),
  reviews: lazy(() => import('./reviews/ReviewsScreen')),
  activity: lazy(() => import('./audit/ActivityLog')),
};

const useStyles = makeStyles({ loading: { padding: '64px 0' } });

function AdminSections() {
  // A tab the role may not open is no route: its path leads to the Overview.
  const tabs = useTabs();
  return (
    <Suspense fallback={<Spinner className={useStyles().loading} label="Loading..." />}>
      <Routes>
        <Route index element={<Overview />} />
        {tabs.map((t) => {
          if (t.value === 'overview') return null;
          const Section = sections[t.value];
          return <Route key={t.value} path={t.path.slice('/admin/'.length)} element={<Section />} />;
        })}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}

export default function AdminApp() {
  return (
    <AdminGuard>
      <AdminLayout>
        <AdminSections />
      </AdminLayout>
    </AdminGuard>
  );
}
