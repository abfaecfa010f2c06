/**
 * The public frame's toast: one live region per page that the islands fill (islands/toast.ts),
 * so a server page can say 'Favorite removed' or a failure without the app's toaster.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { TOAST, attr, sel } from '@shared/markup';

const useStyles = makeStyles({
  toast: {
    position: 'fixed',
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 40,
    maxWidth: 'min(420px, calc(100vw - 32px))',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    backgroundColor: tokens.colorNeutralBackground1,
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    [`&${sel(TOAST.intent, 'error')}`]: { borderLeftColor: tokens.colorPaletteRedBorder2 },
    '@media (max-width: 767px)': { left: tokens.spacingHorizontalS, right: tokens.spacingHorizontalS, bottom: '120px' },
  },
  title: { fontWeight: tokens.fontWeightSemibold },
  body: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** `initial`: a toast the server already shows (a form posted without script that failed). */
export function Toast({ initial }: { initial?: { title: string; intent: 'error' | 'info' } }) {
  const s = useStyles();
  return (
    <div className={s.toast} role="status" {...attr(TOAST.toast)} {...attr(TOAST.intent, initial?.intent ?? 'info')} hidden={!initial}>
      <span className={s.title} {...attr(TOAST.title)}>
        {initial?.title}
      </span>
      <span className={s.body} {...attr(TOAST.body)} hidden />
    </div>
  );
}
