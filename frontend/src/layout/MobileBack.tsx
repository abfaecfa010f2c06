/**
 * The Back button content pages show under 768 px: the previous page when it was one of this site's,
 * else `fallback` (the page's script does it, islands/instant.ts, on server pages and in the app).
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { SITE, attr } from '@shared/markup';

const useStyles = makeStyles({
  button: { alignSelf: 'flex-start', minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, marginLeft: `calc(-1 * ${tokens.spacingHorizontalXS})` },
  mobileOnly: { '@media (min-width: 768px)': { display: 'none' } },
});

export function MobileBack({ fallback = '/', always = false }: { fallback?: string; always?: boolean }) {
  const s = useStyles();
  return (
    <Button appearance="subtle" icon={<ArrowLeftRegular />} {...attr(SITE.back, fallback)} className={mergeClasses(s.button, !always && s.mobileOnly)}>
      Back
    </Button>
  );
}
