/**
 * Mobile promo bar above the tab bar: 'Free App' to /download. Hidden on /download; a dismissal
 * lasts for the browser session (sessionStorage 'hideDownloadBar'): the dismiss button stores it
 * and marks <html> (islands/instant.ts), the head script marks it on the next pages before they
 * paint, and CSS hides the bar (index.html). The HTML is the same for everyone.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, PhoneRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../components/ButtonLink';
import { pages } from '@shared/urls';
import { SITE, attr } from '@shared/markup';

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

export function PromoBar() {
  const s = useStyles();
  return (
    <aside className={s.bar} aria-label="App promotion" data-promo>
      <PhoneRegular className={s.icon} aria-hidden />
      <span className={s.text}>Learn offline with our mobile app</span>
      <ButtonLink to={pages.download} appearance="primary" size="small" className={s.cta}>
        Free App
      </ButtonLink>
      <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label="Dismiss app promotion" {...attr(SITE.promoDismiss)} />
    </aside>
  );
}
