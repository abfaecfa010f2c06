/** The Back button content pages show under 768 px: browser history when there is any, else `fallback`. */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useLocation, useNavigate } from 'react-router-dom';

const useStyles = makeStyles({
  button: { alignSelf: 'flex-start', minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, marginLeft: `calc(-1 * ${tokens.spacingHorizontalXS})` },
  mobileOnly: { '@media (min-width: 768px)': { display: 'none' } },
});

export function useBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => {
    // 'default' is the first entry of this app's history; the previous page may still be ours, opened
    // as a full page (server-rendered pages are real links until the app loads): then go back to it.
    if (key !== 'default') void navigate(-1);
    else if (cameFromThisSite()) history.back();
    else void navigate(fallback);
  };
}

function cameFromThisSite() {
  try {
    return !!document.referrer && new URL(document.referrer).origin === location.origin && history.length > 1;
  } catch {
    return false;
  }
}

export function MobileBack({ fallback = '/', always = false }: { fallback?: string; always?: boolean }) {
  const s = useStyles();
  const back = useBack(fallback);
  return (
    <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={back} className={mergeClasses(s.button, !always && s.mobileOnly)}>
      Back
    </Button>
  );
}
