/**
 * /review's 'Your practice' and 'Keep your progress' (issue 33 item 4): the daily goal, the calendar
 * of days practised, whether the browser keeps the store, and the backup's two buttons. Rendered
 * hidden and empty (the server knows neither the day nor the device's cards); keep-home.ts fills it.
 * The calendar is a table whose every cell says its day in words, not by colour.
 */
import { Body1, Button, Checkbox, makeStyles, Select, Subtitle1, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { PRACTICE, attr, sel } from '@shared/markup';
import { GOALS } from './settings';
import { WEEKS } from './calendar';
import { visuallyHidden } from '../theme/styles';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const focusRing = { ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' } };

const useStyles = makeStyles({
  keep: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL, marginTop: tokens.spacingVerticalXL },
  part: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  title: { margin: 0 },
  goal: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  select: { minWidth: '130px', '& select': { minHeight: '44px' } },
  meter: { width: '100%', maxWidth: '320px', height: '12px' },
  table: { borderCollapse: 'separate', borderSpacing: '4px', width: '100%', maxWidth: '420px', tableLayout: 'fixed' },
  caption: { textAlign: 'start', color: tokens.colorNeutralForeground2, paddingBottom: tokens.spacingVerticalXS },
  head: {
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    textAlign: 'center',
    '& abbr': { textDecorationLine: 'none' },
  },
  day: {
    height: '44px',
    padding: 0,
    textAlign: 'center',
    verticalAlign: 'middle',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    lineHeight: 1.1,
    [`&${sel(PRACTICE.day, 'practised')}`]: {
      backgroundColor: tokens.colorBrandBackground2,
      color: tokens.colorBrandForeground2,
      fontWeight: tokens.fontWeightSemibold,
    },
    [`&${sel(PRACTICE.day, 'future')}`]: { backgroundColor: 'transparent', color: tokens.colorNeutralForeground4 },
    '&[aria-current="date"]': { outline: `2px solid ${tokens.colorNeutralForeground1}`, outlineOffset: '-2px' },
  },
  number: { display: 'block', fontSize: tokens.fontSizeBase200 },
  mark: { display: 'block', fontSize: tokens.fontSizeBase100 },
  hidden: visuallyHidden,
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  target: { minHeight: '44px', ...focusRing },
});

/** One week's row of the calendar: each cell's number and mark for the eye, its words for everyone else. */
function Week() {
  const s = useStyles();
  return (
    <tr>
      {DAYS.map((d) => (
        <td key={d} className={s.day} {...attr(PRACTICE.day, 'future')}>
          <span className={s.number} aria-hidden {...attr(PRACTICE.dayNumber)} />
          <span className={s.mark} aria-hidden {...attr(PRACTICE.dayMark)} />
          <span className={s.hidden} {...attr(PRACTICE.dayText)} />
        </td>
      ))}
    </tr>
  );
}

export function KeepProgress() {
  const s = useStyles();
  return (
    <div className={s.keep} {...attr(PRACTICE.keepSection)} hidden>
      <section className={s.part} aria-labelledby="practice-days">
        <Subtitle1 as="h2" id="practice-days" className={s.title}>
          Your practice
        </Subtitle1>
        <div className={s.goal}>
          <label htmlFor="daily-goal">Daily goal</label>
          <Select id="daily-goal" className={s.select} {...attr(PRACTICE.goal)}>
            {GOALS.map((g) => (
              <option key={g} value={g}>
                {g ? `${g} cards a day` : 'Off'}
              </option>
            ))}
          </Select>
        </div>
        <Body1 as="p" className={s.muted} aria-live="polite" {...attr(PRACTICE.goalLine)} />
        <meter className={s.meter} min={0} max={1} value={0} aria-label="Cards practised today" {...attr(PRACTICE.goalMeter)} hidden />
        <table className={s.table}>
          <caption className={s.caption}>Days you practised, the last {WEEKS} weeks</caption>
          <thead>
            <tr>
              {DAYS.map((d) => (
                <th key={d} scope="col" className={s.head}>
                  <abbr title={d}>{d.slice(0, 3)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: WEEKS }, (_, w) => (
              <Week key={w} />
            ))}
          </tbody>
        </table>
      </section>
      <section className={s.part} aria-labelledby="keep-progress">
        <Subtitle1 as="h2" id="keep-progress" className={s.title}>
          Keep your progress
        </Subtitle1>
        <Body1 as="p" className={s.muted}>
          Your cards live in this browser only. A backup is a file saved on this device: it stays there unless you move it, and restoring it here or in another
          browser brings your cards back.
        </Body1>
        <Body1 as="p" {...attr(PRACTICE.kept)} />
        <Checkbox className={s.target} label="Include my recordings" input={attr(PRACTICE.withTakes) as object} />
        <div className={s.actions}>
          <Button className={s.target} appearance="primary" icon={<ArrowDownloadRegular />} {...attr(PRACTICE.backup)}>
            Back up my progress
          </Button>
          <Button className={s.target} icon={<ArrowUploadRegular />} {...attr(PRACTICE.restore)}>
            Restore from a file
          </Button>
          <input type="file" accept=".json,application/json" hidden tabIndex={-1} aria-label="Progress file" {...attr(PRACTICE.restoreFile)} />
        </div>
        <Body1 as="p" role="status" {...attr(PRACTICE.keepResult)} />
      </section>
    </div>
  );
}
