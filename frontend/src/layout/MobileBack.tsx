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
  // 'default' is the first entry of this tab's app history: going back would leave the site.
  return () => (key === 'default' ? navigate(fallback) : navigate(-1));
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
