/**
 * Mobile promo bar above the tab bar: 'Free App' to /download. Hidden on /download; a dismissal
 * lasts for the browser session (sessionStorage 'hideDownloadBar').
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, PhoneRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../components/ButtonLink';

export const PROMO_FLAG = 'hideDownloadBar';

/** The dismissal is this browser's: the server HTML has the bar, the head script hides it before paint, the browser drops it. */
export function usePromoDismissed() {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(PROMO_FLAG) === 'true') setDismissed(true);
    } catch {
      /* storage unavailable: show the bar */
    }
  }, []);
  const dismiss = () => {
    try {
      sessionStorage.setItem(PROMO_FLAG, 'true');
    } catch {
      /* still hidden for this page view */
    }
    setDismissed(true);
  };
  return [dismissed, dismiss] as const;
}

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: '#F5F3FF',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: '#333333',
  },
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  text: { flex: 1, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  cta: { backgroundColor: '#b4491f', color: '#fff', ':hover': { backgroundColor: '#9a3d19', color: '#fff' } },
});

export function PromoBar({ onDismiss }: { onDismiss: () => void }) {
  const s = useStyles();
  return (
    <aside className={s.bar} aria-label="App promotion" data-promo>
      <PhoneRegular className={s.icon} aria-hidden />
      <span className={s.text}>Learn offline with our mobile app</span>
      <ButtonLink to="/download" appearance="primary" size="small" className={s.cta}>
        Free App
      </ButtonLink>
      <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label="Dismiss app promotion" onClick={onDismiss} />
    </aside>
  );
}
