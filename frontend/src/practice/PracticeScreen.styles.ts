/**
 * The practice screen's styles (PracticeScreen.tsx and its parts). The island toggles `hidden`
 * and attributes (aria-pressed, data-direction, data-playing) that these rules read, so a tap
 * changes one attribute and the browser restyles only what depends on it.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { PRACTICE, ROOT, sel } from '@shared/markup';

/** Touch targets of at least 44 px (WCAG 2.5.5), at 390 px too. */
const TARGET = '44px';
export const useStyles = makeStyles({
  // The island shows and hides the parts by `hidden`, which a class's own display would outweigh.
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    '& [hidden]': { display: 'none !important' },
    // 'Say it' showed the translation as its prompt: the answer shows the phrase without repeating it.
    [`&${sel(PRACTICE.direction, 'say')} ${sel(PRACTICE.answer)} ${sel(PRACTICE.translation)}`]: { display: 'none' },
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, justifyContent: 'space-between' },
  directions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  target: { minHeight: TARGET, minWidth: TARGET },
  // The chosen direction (aria-pressed, set by the island) stays marked under the pointer too.
  pressed: {
    '&[aria-pressed="true"], &[aria-pressed="true"]:hover, &[aria-pressed="true"]:active': {
      backgroundColor: tokens.colorBrandBackground2,
      color: tokens.colorBrandForeground2,
    },
  },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    textAlign: 'center',
    // Focused by the island after each card (so Space and Enter work from there): a container, no ring.
    ':focus': { outline: 'none' },
  },
  progress: { margin: 0, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  hint: { margin: 0, color: tokens.colorNeutralForeground2 },
  // 'Say it' shows the translation first; 'Listen' shows it with the answer.
  promptText: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  play: { minWidth: '64px', minHeight: '64px' },
  playIcon: { [`:is(${sel(ROOT.playing)} *)`]: { display: 'none' } },
  pauseIcon: { display: 'none', [`:is(${sel(ROOT.playing)} *)`]: { display: 'inline' } },
  answer: { width: '100%' },
  // 'Record' under Play, its waveforms as wide as the card.
  recorder: { alignSelf: 'stretch', justifyContent: 'center', marginTop: 0 },
  show: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: TARGET,
    padding: `0 ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    listStyleType: 'none',
    '::-webkit-details-marker': { display: 'none' },
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    ':is([open] > *)': { display: 'none' },
  },
  revealed: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
  original: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold },
  translation: { color: tokens.colorNeutralForeground2 },
  grades: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, width: '100%', maxWidth: '520px' },
  grade: { minHeight: '52px', flexDirection: 'column', gap: 0, paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
  gradeHint: { fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
  done: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  doneTitle: { margin: 0, ':focus': { outline: 'none' } },
  learned: { listStyleType: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column' },
  learnedRow: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    // A long phrase wraps its due time to the next line, still at the right like the other rows'.
    '& > :last-child': { marginLeft: 'auto' },
  },
  muted: { color: tokens.colorNeutralForeground2 },
  favorites: { minHeight: TARGET, alignSelf: 'flex-start' },
  nothing: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  keys: {
    margin: 'auto',
    padding: tokens.spacingVerticalL,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    maxWidth: 'min(420px, calc(100vw - 32px))',
  },
  keyList: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: `0 0 ${tokens.spacingVerticalM}`,
  },
  keysButton: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: TARGET,
    minHeight: TARGET,
    fontSize: '20px',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
    // Where the primary pointer is a finger (phones, tablets without a mouse) there is no keyboard to list.
    '@media (hover: none) and (pointer: coarse)': { display: 'none' },
  },
  keyRow: { display: 'contents' },
  keyWhat: { margin: 0 },
  kbd: {
    fontFamily: tokens.fontFamilyMonospace,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    justifySelf: 'start',
  },
});
