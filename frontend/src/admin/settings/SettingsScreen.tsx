/**
 * Settings: six tabs (?tab= picks the first one shown, default app), Refresh and Back to Dashboard.
 * Each tab edits its own fields and saves only those; the settings cache is revalidated after each save.
 */
import { Button, makeStyles, Spinner, Tab, TabList, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isStoredSettings, useSettings } from '../../api/settings';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { AppTab } from './AppTab';
import { ContentTab } from './ContentTab';
import { SocialTab } from './SocialTab';
import { AdminAccessTab } from './AdminAccessTab';
import { BackupCard } from './BackupCard';
import { AdminSection } from '../components/AdminSection';

// Branding and embed pull in more code (colour pickers, preview): load them when opened.
const BrandingTab = lazy(() => import('./BrandingTab'));
const EmbedTab = lazy(() => import('./EmbedTab'));

export const SETTINGS_TABS = [
  { value: 'admin', label: 'Admin Access' },
  { value: 'app', label: 'App Links' },
  { value: 'content', label: 'Content' },
  { value: 'branding', label: 'Branding' },
  { value: 'social', label: 'Social' },
  { value: 'embed', label: 'Embed' },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

const useStyles = makeStyles({
  // The 6-column tab grid; fewer columns on narrow screens.
  tabs: {
    display: 'grid',
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalXS,
    padding: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    '@media (max-width: 767px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    '@media (max-width: 360px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  tab: { justifyContent: 'center' },
  loading: { padding: tokens.spacingVerticalXXL },
});

const isTab = (v: string | null): v is SettingsTab => SETTINGS_TABS.some((t) => t.value === v);

export default function SettingsScreen() {
  const s = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: SettingsTab = isTab(asked) ? asked : 'app';
  const { settings, data, error, isLoading, mutate } = useSettings();
  // A failed server-side read answers 200 with only the fallback favicon: that is a failure too.
  const loaded = isStoredSettings(data);
  const failure = error ?? (data && !loaded ? data : undefined);

  // One toast per failure, not one per render.
  const shownError = useRef<unknown>(undefined);
  useEffect(() => {
    if (failure && failure !== shownError.current) {
      shownError.current = failure;
      notify('Failed to load settings', { body: (failure instanceof Error && failure.message) || 'Please try again later', intent: 'error' });
    }
  }, [failure, notify]);

  const panel = {
    admin: <AdminAccessTab />,
    app: <AppTab settings={settings} />,
    content: <ContentTab settings={settings} />,
    branding: <BrandingTab settings={settings} />,
    social: <SocialTab settings={settings} />,
    embed: <EmbedTab settings={settings} />,
  }[tab];

  return (
    <AdminSection
      id="settings-heading"
      title="Site Settings"
      actions={
        <>
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void mutate()}>
            Refresh
          </Button>
          <Button icon={<ArrowLeftRegular />} onClick={() => void navigate('/admin')}>
            Back to Dashboard
          </Button>
        </>
      }
    >
      <TabList
        className={s.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setParams({ tab: String(d.value) }, { replace: true })}
        aria-label="Settings sections"
      >
        {SETTINGS_TABS.map((t) => (
          <Tab key={t.value} value={t.value} className={s.tab}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {isLoading && !data ? (
        <Spinner className={s.loading} label="Loading settings..." />
      ) : !loaded && tab !== 'admin' ? (
        // Editing the defaults shown on a failed load would overwrite the real values on save.
        <PageState text="Failed to load settings. Use Refresh to try again." />
      ) : (
        <div role="tabpanel" aria-label={SETTINGS_TABS.find((t) => t.value === tab)?.label}>
          {/* Remount the forms when a newer record arrives (after Refresh or someone's save). */}
          <Suspense fallback={<Spinner className={s.loading} label="Loading settings..." />} key={`${tab}-${settings.version ?? 0}`}>
            {panel}
          </Suspense>
        </div>
      )}
      <BackupCard />
    </AdminSection>
  );
}
