/**
 * 'Record' on a phrase group (lesson page) and on a practice card: the one button the server
 * renders; its island (islands/recorder.ts, loaded on the first tap) records a take and adds the
 * two waveforms, 'Play native', 'Play my take' and 'Delete' beside it. One class for the whole
 * control (a reset style, with rules for the parts the island adds), so each group costs a few
 * hundred bytes of HTML. Without script it is not shown: nothing could record.
 */
import { makeResetStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { MicRegular } from '@fluentui/react-icons';
import { RECORD, ROOT, SITE, attr, sel } from '@shared/markup';

const wave = (kind: 'native' | 'take') => `& ${sel(RECORD.wave, kind)} path`;
const action = (name: string) => `> ${sel(RECORD.action, name)}`;

const useStyles = makeResetStyles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: tokens.spacingHorizontalS,
  marginTop: tokens.spacingVerticalS,
  [`:is(html:not(${sel(SITE.js)}) *)`]: { display: 'none' },
  '& [hidden]': { display: 'none' },
  '& button': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '32px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    '@media (max-width: 767px)': { minHeight: '44px' },
  },
  '& button:hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  '& button:focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  '& button > svg': { fontSize: '20px', flexShrink: 0 },
  // Recording: the button says Stop, in red.
  [`&${sel(RECORD.state, 'recording')} ${action('record')}`]: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    borderColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  // The take's parts show while there is one.
  [`& ${action('delete')}`]: { display: 'none' },
  [`&${sel(RECORD.state, 'take')} > ${sel(RECORD.wave)}`]: { display: 'grid' },
  [`&${sel(RECORD.state, 'take')} ${action('delete')}`]: { display: 'inline-flex' },
  [`& > ${sel(RECORD.message)}`]: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  [`& > ${sel(RECORD.message, 'error')}`]: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold, flexBasis: '100%' },
  // A waveform's row: its name, the peaks, its play button; the two rows share one time scale.
  [`& > ${sel(RECORD.wave)}`]: {
    display: 'none',
    flexBasis: '100%',
    gridTemplateColumns: '6rem minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    textAlign: 'start',
    '@media (max-width: 479px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  },
  [`& > ${sel(RECORD.wave)} > span`]: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    '@media (max-width: 479px)': { gridColumn: '1 / -1' },
  },
  // Both play buttons as wide, so the two waveforms are too (one time scale).
  [`& > ${sel(RECORD.wave)} > button`]: { minWidth: '8.5rem', justifyContent: 'center' },
  [`& > ${sel(RECORD.wave)} > svg`]: {
    width: '100%',
    height: '40px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  [wave('native')]: { fill: tokens.colorBrandForeground1 },
  [wave('take')]: { fill: tokens.colorPaletteBerryForeground1 },
});

/**
 * `phraseId`: whose take it is. `native`: the native recording's URL where the island cannot take
 * it from the group's player (a practice card, whose audio changes per card). `shortcut`: its key.
 */
export function Recorder({ phraseId, native, shortcut, className }: { phraseId: string; native?: string; shortcut?: string; className?: string }) {
  const base = useStyles();
  return (
    <div
      className={mergeClasses(base, className)}
      {...attr(ROOT.island, 'recorder')}
      {...attr(RECORD.take, phraseId)}
      {...(native ? attr(RECORD.native, native) : {})}
    >
      <button type="button" {...attr(RECORD.action, 'record')} aria-keyshortcuts={shortcut}>
        <MicRegular aria-hidden />
        <span>Record</span>
      </button>
    </div>
  );
}
