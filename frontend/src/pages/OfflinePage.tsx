/**
 * /offline: the lessons and levels downloaded on this device, each with its size and 'Remove
 * download'. The same HTML for everyone (the list is the device's, filled by islands/downloads.ts);
 * the service worker keeps this page and shows it for any page opened with no connection that is
 * not downloaded, with the note that says so (docs/offline.md).
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, Title1, tokens } from '@fluentui/react-components';
import { DeleteRegular, WifiOffRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../components/ButtonLink';
import { MobileBack } from '../layout/MobileBack';
import { pages } from '@shared/urls';
import { DOWNLOADS, ROOT, attr } from '@shared/markup';
import { READING_WIDTH } from '../theme/styles';

const useStyles = makeStyles({
  body: { maxWidth: READING_WIDTH, margin: '0 auto' },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalXL },
  heading: { margin: 0 },
  line: { color: tokens.colorNeutralForeground2 },
  banner: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `1px solid ${tokens.colorPaletteYellowBorder1}`,
  },
  bannerIcon: { fontSize: '24px', flexShrink: 0 },
  bannerTitle: { display: 'block', margin: `0 0 ${tokens.spacingVerticalXXS}` },
  note: {
    padding: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  list: { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  itemText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  lessons: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2 },
  meta: { color: tokens.colorNeutralForeground3 },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} 0`,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
    '& p': { margin: 0 },
    // `hidden` (set by the island once there are downloads) must win over display: flex.
    '&[hidden]': { display: 'none' },
  },
  storage: { display: 'block', marginTop: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
});

export default function OfflinePage() {
  const s = useStyles();
  return (
    <div className={s.body}>
      <MobileBack fallback="/" />
      <div role="status" className={s.banner} {...attr(DOWNLOADS.banner)} hidden>
        <WifiOffRegular className={s.bannerIcon} aria-hidden />
        <div>
          <Subtitle2 as="p" className={s.bannerTitle}>
            You’re offline
          </Subtitle2>
          <Body1>This page isn’t downloaded, so it can’t open without a connection. Your downloaded lessons are below.</Body1>
        </div>
      </div>
      <header className={s.head}>
        <Title1 as="h1" className={s.heading}>
          Offline lessons
        </Title1>
        <Body1 className={s.line}>Lessons you download stay on this device: open them, play their audio and practise them with no connection.</Body1>
      </header>
      <div {...attr(ROOT.island, 'downloads')} data-testid="downloads">
        <div className={s.note} {...attr(DOWNLOADS.notes)} hidden />
        <ul className={s.list} aria-label="Downloads" {...attr(DOWNLOADS.list)} />
        <div className={s.empty} {...attr(DOWNLOADS.empty)}>
          <Body1 as="p">Nothing is downloaded yet. Open a lesson or a level and choose ‘Download for offline’.</Body1>
          <ButtonLink to={pages.languages} appearance="primary">
            Browse languages
          </ButtonLink>
        </div>
        <Caption1 className={s.storage} {...attr(DOWNLOADS.storage)} />
        <template {...attr(DOWNLOADS.row)}>
          <li className={s.item}>
            <div className={s.itemText}>
              <a className={s.title} {...attr(DOWNLOADS.title)} href={pages.home}>
                Lesson
              </a>
              <Body1 className={s.line} {...attr(DOWNLOADS.context)} />
              <Caption1 className={s.meta} {...attr(DOWNLOADS.meta)} />
              <ul className={s.lessons} {...attr(DOWNLOADS.lessons)} hidden />
            </div>
            <Button icon={<DeleteRegular />} {...attr(DOWNLOADS.remove)}>
              Remove download
            </Button>
          </li>
        </template>
      </div>
    </div>
  );
}
