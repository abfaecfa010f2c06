/**
 * /download: the three feature blurbs, the store buttons (new tab) and the app screenshot.
 * Neither link set: 'App download links coming soon!'.
 */
import { Body1, Card, makeStyles, MessageBar, MessageBarBody, Skeleton, SkeletonItem, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { CloudOffRegular, DataTrendingRegular, Speaker2Regular } from '@fluentui/react-icons';
import { useSettings } from '../api/settings';
import { config } from '../config';
import { MobileBack } from '../layout/MobileBack';
import { hasStoreLinks, StoreButtons } from '../layout/StoreButtons';
import { FallbackImage } from '../components/FallbackImage';

const FEATURES = [
  { Icon: CloudOffRegular, title: 'Learn Offline', text: 'Download lessons and practise anywhere, even without an internet connection.' },
  { Icon: DataTrendingRegular, title: 'Personalized Learning', text: 'Track your progress, set goals and pick up exactly where you left off.' },
  { Icon: Speaker2Regular, title: 'Audio Pronunciations', text: 'Hear every phrase spoken clearly and repeat it until it sounds natural.' },
];

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: '1.3fr 1fr',
    gap: tokens.spacingHorizontalXXXL,
    alignItems: 'center',
    '@media (max-width: 767px)': { gridTemplateColumns: '1fr' },
  },
  copy: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, '& h1, & h2, & h3, & p': { margin: 0 } },
  lead: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2 },
  features: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  feature: { flexDirection: 'row', alignItems: 'flex-start', gap: tokens.spacingHorizontalL, padding: tokens.spacingHorizontalL },
  icon: {
    fontSize: '28px',
    flexShrink: 0,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  featureText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, '& h1, & h2, & h3, & p': { margin: 0 } },
  shot: { width: '100%', maxWidth: '320px', height: 'auto', justifySelf: 'center', borderRadius: '28px', boxShadow: tokens.shadow28 },
  phone: {
    width: '100%',
    maxWidth: '280px',
    aspectRatio: '9 / 18',
    justifySelf: 'center',
    borderRadius: '32px',
    border: `10px solid ${tokens.colorNeutralForeground1}`,
    background: 'linear-gradient(180deg, #e6f4ef 0%, #f5f3ff 100%)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
  },
  phoneParrot: { width: '50%', height: 'auto' },
  skeleton: { height: '48px', width: '320px', maxWidth: '100%' },
});

function Screenshot({ src }: { src: string }) {
  const s = useStyles();
  const placeholder = (
    <div className={s.phone} aria-hidden>
      <img src="/favicon.svg" alt="" width={130} height={130} className={s.phoneParrot} />
    </div>
  );
  if (!src) return placeholder;
  // A phone screenshot's usual shape (1:2) reserves the space until the image itself gives its size.
  return <FallbackImage src={src} alt={`${config().productName} app screenshot`} width={320} height={640} className={s.shot} placeholder={placeholder} />;
}

export default function DownloadPage() {
  const s = useStyles();
  const { settings, isLoading } = useSettings();
  const product = config().productName;
  return (
    <>
      <MobileBack fallback="/" />
      <div className={s.layout}>
        <div className={s.copy}>
          <Title1 as="h1">Get the {product} App</Title1>
          <Body1 className={s.lead}>Everything you love about {product}, free on your phone.</Body1>
          <ul className={s.features}>
            {FEATURES.map(({ Icon, title, text }) => (
              <li key={title}>
                <Card className={s.feature}>
                  <Icon className={s.icon} aria-hidden />
                  <div className={s.featureText}>
                    <Subtitle1 as="h2">{title}</Subtitle1>
                    <Body1>{text}</Body1>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {isLoading ? (
            <Skeleton aria-label="Loading download links">
              <SkeletonItem shape="rectangle" className={s.skeleton} />
            </Skeleton>
          ) : hasStoreLinks(settings) ? (
            <StoreButtons settings={settings} />
          ) : (
            <MessageBar intent="info">
              <MessageBarBody>App download links coming soon!</MessageBarBody>
            </MessageBar>
          )}
        </div>
        <Screenshot src={settings.app_screenshot} />
      </div>
    </>
  );
}
