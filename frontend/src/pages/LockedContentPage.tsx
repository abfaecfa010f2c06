/**
 * /locked-content?type=level|lesson&id=&languageId=&levelId=: what a locked item is, and the free
 * app that unlocks it. Unknown or incomplete queries show the generic 'Get This Content Free'.
 */
import { Body1, Button, Card, makeStyles, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkCircleFilled, LockClosedFilled } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
import { pages } from '@shared/urls';
import { useLockedItem } from '../api/pages';
import { useSettings } from '../api/settings';
import { ButtonLink } from '../components/ButtonLink';
import { CourseIcon } from './course/CourseIcon';
import { READING_WIDTH } from '../theme/styles';

export const BENEFITS = [
  'Access to all lessons, including premium content',
  'Learn offline, anytime and anywhere',
  'Track your progress and set learning goals',
  'Practice your pronunciation',
];

const useStyles = makeStyles({
  root: { maxWidth: READING_WIDTH, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { alignItems: 'center', textAlign: 'center', padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalM },
  iconWrap: { position: 'relative' },
  lock: {
    position: 'absolute',
    right: '-8px',
    bottom: '-8px',
    fontSize: '20px',
    padding: '6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    display: 'grid',
  },
  heading: { margin: 0 },
  desc: { color: tokens.colorNeutralForeground2 },
  benefits: {
    listStyleType: 'none',
    padding: 0,
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    textAlign: 'left',
    alignSelf: 'stretch',
  },
  benefit: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  check: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px', flexShrink: 0 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
  back: { alignSelf: 'flex-start' },
});

/** Back: the language for a level, the level for a lesson, otherwise the languages list. */
function backPath(p: URLSearchParams) {
  const type = p.get('type');
  const languageId = p.get('languageId');
  const levelId = p.get('levelId');
  if (type === 'level' && languageId) return pages.language(languageId);
  if (type === 'lesson' && languageId && levelId) return pages.level(languageId, levelId);
  return pages.languages;
}

export default function LockedContentPage() {
  const s = useStyles();
  const [params] = useSearchParams();
  const { data: item, isLoading } = useLockedItem(params);
  const { settings, isLoading: settingsLoading } = useSettings();
  const stores = [
    { label: 'App Store', href: settings.app_store_link },
    { label: 'Play Store', href: settings.play_store_link },
  ].filter((x) => x.href);

  return (
    <div className={s.root}>
      <ButtonLink to={backPath(params)} appearance="subtle" icon={<ArrowLeftRegular />} className={s.back}>
        Back
      </ButtonLink>
      <Card className={s.card}>
        <span className={s.iconWrap}>
          <CourseIcon url={item?.icon_url} size="large" />
          <span className={s.lock} aria-hidden>
            <LockClosedFilled />
          </span>
        </span>
        <Title1 as="h1" className={s.heading}>
          {isLoading ? 'Loading...' : (item?.title ?? 'Get This Content Free')}
        </Title1>
        <Body1 className={s.desc}>{item?.description ?? 'This content is available for free in our mobile app.'}</Body1>
        <Subtitle1 as="h2">Download our free app to get:</Subtitle1>
        <ul className={s.benefits}>
          {BENEFITS.map((b) => (
            <li key={b} className={s.benefit}>
              <CheckmarkCircleFilled className={s.check} aria-hidden />
              <Body1>{b}</Body1>
            </li>
          ))}
        </ul>
        {!settingsLoading && (
          <div className={s.buttons}>
            {stores.length ? (
              stores.map((st) => (
                <Button key={st.label} as="a" href={st.href} target="_blank" rel="noopener noreferrer" appearance="primary" size="large">
                  {st.label}
                </Button>
              ))
            ) : (
              <ButtonLink to={pages.download} appearance="primary" size="large">
                Learn More About Our App
              </ButtonLink>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
