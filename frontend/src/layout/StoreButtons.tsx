/** App Store / Play Store buttons (only the links that are set), opening in a new tab. */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PhoneRegular, PlayRegular } from '@fluentui/react-icons';
import type { SiteSettings } from '@shared/contracts/settings';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  button: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '48px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: '#111111',
    color: '#ffffff',
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    ':hover': { backgroundColor: '#333333' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  icon: { fontSize: '22px' },
});

export const hasStoreLinks = (s: Pick<SiteSettings, 'app_store_link' | 'play_store_link'>) => Boolean(s.app_store_link || s.play_store_link);

export function StoreButtons({ settings, className }: { settings: Pick<SiteSettings, 'app_store_link' | 'play_store_link'>; className?: string }) {
  const s = useStyles();
  return (
    <div className={mergeClasses(s.row, className)}>
      {settings.app_store_link && (
        <a href={settings.app_store_link} target="_blank" rel="noopener noreferrer" className={s.button}>
          <PhoneRegular className={s.icon} aria-hidden />
          App Store
        </a>
      )}
      {settings.play_store_link && (
        <a href={settings.play_store_link} target="_blank" rel="noopener noreferrer" className={s.button}>
          <PlayRegular className={s.icon} aria-hidden />
          Play Store
        </a>
      )}
    </div>
  );
}
