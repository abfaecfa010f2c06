/**
 * The practice screen's markup, rendered on the server with the first card in place (the practice
 * page) or empty (/review, whose cards are on the device); its island (islands/practice.ts) runs
 * the session by filling these slots and toggling `hidden` and attributes the styles here read.
 * Before the island: Play plays (the head script) and 'Show answer' opens (a native disclosure).
 */
import { Body1, Button, Caption1, Checkbox, makeStyles, mergeClasses, Subtitle1, Switch, Text, tokens } from '@fluentui/react-components';
import { KeyboardRegular, PauseFilled, Speaker2Regular, StarRegular } from '@fluentui/react-icons';
import { GRADES } from '@shared/contracts/reviews';
import { ISLAND } from '../../islands/dom';
import type { DeckCard } from '../../practice/deck';
import { SHORTCUTS } from '../../practice/keys';
import { pages } from '@shared/urls';

const TARGET = '44px';
const KEYS_ID = 'practice-keys';
const useStyles = makeStyles({
  // The island shows and hides the parts by `hidden`, which a class's own display would outweigh.
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    '& [hidden]': { display: 'none !important' },
    // 'Say it' showed the translation as its prompt: the answer shows the phrase without repeating it.
    '&[data-direction="say"] [data-answer] [data-translation]': { display: 'none' },
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
  playIcon: { ':is([data-playing] *)': { display: 'none' } },
  pauseIcon: { display: 'none', ':is([data-playing] *)': { display: 'inline' } },
  answer: { width: '100%' },
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

/** `cards`: the lesson's deck (the practice page); none on /review, whose island reads the device's cards. */
export function PracticeSession({ cards, mode }: { cards: DeckCard[]; mode: 'lesson' | 'review' }) {
  const s = useStyles();
  const first = cards.at(0);
  const lang = first?.lang_tag;
  return (
    <section className={s.root} aria-label="Practice" data-testid="practice" data-mode={mode} data-direction="listen" {...{ [ISLAND]: 'practice' }}>
      {mode === 'lesson' && <script type="application/json" data-deck dangerouslySetInnerHTML={{ __html: JSON.stringify(cards).replace(/</g, '\\u003c') }} />}
      <div className={s.toolbar} data-session hidden={mode === 'review'}>
        <div className={s.directions} role="group" aria-label="Direction">
          <Button className={mergeClasses(s.target, s.pressed)} appearance="subtle" aria-pressed data-direction-choice="listen">
            Listen
          </Button>
          <Button className={mergeClasses(s.target, s.pressed)} appearance="subtle" aria-pressed={false} data-direction-choice="say">
            Say it
          </Button>
        </div>
        <div className={s.tools}>
          <Switch label="Hands-free" className={s.target} input={{ 'data-handsfree': '' } as object} />
          {/* A plain button: popovertarget is HTML's, and Fluent's Button does not pass it on. */}
          <button type="button" className={s.keysButton} aria-label="Keyboard shortcuts" aria-keyshortcuts="?" popoverTarget={KEYS_ID}>
            <KeyboardRegular />
          </button>
        </div>
      </div>

      <div className={s.card} data-stage data-session hidden={mode === 'review'}>
        <p className={s.progress} data-progress aria-live="polite">
          {first ? `1 of ${cards.length}` : ''}
        </p>
        <p className={s.hint} data-hint>
          Listen, and recall what it means
        </p>
        <Text as="p" className={s.promptText} data-prompt lang="en" hidden>
          {first?.translated_text}
        </Text>
        <Button
          className={s.play}
          appearance="primary"
          shape="circular"
          size="large"
          aria-label="Play phrase"
          data-play
          icon={
            <>
              <Speaker2Regular className={s.playIcon} />
              <PauseFilled className={s.pauseIcon} />
            </>
          }
        />
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the answer prints what the recording says. */}
        <audio src={first?.audio_url} preload="auto" data-audio />
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the next card's audio, fetched ahead; never played from here. */}
        <audio preload="auto" data-next-audio />
        <details className={s.answer} data-answer>
          <summary className={s.show} data-testid="show-answer">
            Show answer
          </summary>
          <div className={s.revealed}>
            <Text className={s.original} lang={lang} data-original>
              {first?.original_text}
            </Text>
            <Body1 className={s.translation} lang="en" data-translation>
              {first?.translated_text}
            </Body1>
            <div className={s.grades} role="group" aria-label="How well did you remember it?">
              {GRADES.map((label, i) => (
                <Button key={label} className={s.grade} data-grade={i + 1} aria-keyshortcuts={String(i + 1)}>
                  <span>{label}</span>
                  <Caption1 className={s.gradeHint} data-grade-hint />
                </Button>
              ))}
            </div>
          </div>
        </details>
      </div>

      <div className={s.done} data-done hidden>
        <Subtitle1 as="h2" className={s.doneTitle} tabIndex={-1} data-done-title>
          Session complete
        </Subtitle1>
        <Body1 data-done-summary />
        <ul className={s.learned} data-learned aria-label="What you practised" />
        <Body1 data-next-review />
        <div className={s.actions}>
          <Button className={s.target} appearance="primary" data-restart>
            {mode === 'review' ? 'Back to Review' : 'Practice again'}
          </Button>
          {mode === 'lesson' && (
            <Button className={s.target} as="a" href={pages.review}>
              Go to Review
            </Button>
          )}
        </div>
      </div>

      {mode === 'review' && (
        <div className={s.done} data-review-home>
          <Body1 data-loading>Loading your cards…</Body1>
          {/* Shown to a signed-in visitor: their favourite phrases as one deck. */}
          <Button className={s.favorites} icon={<StarRegular />} data-favorites hidden>
            Practise your favourites
          </Button>
          <ul className={s.learned} data-due-list aria-label="Due for review" hidden />
          <div className={s.nothing} data-nothing hidden>
            <Subtitle1 as="h2" className={s.doneTitle}>
              Nothing to review right now
            </Subtitle1>
            <Body1 as="p" className={s.muted} data-next-due />
            <Button className={s.target} as="a" href={pages.languages}>
              Choose a lesson
            </Button>
          </div>
          <noscript>
            <Body1>Review keeps your cards on this device, which needs JavaScript.</Body1>
          </noscript>
        </div>
      )}

      <template data-row="learned">
        <li className={s.learnedRow}>
          <span>
            <Text weight="semibold" data-original />
            <Text className={s.muted} lang="en">
              {' — '}
              <span data-translation />
            </Text>
          </span>
          <Caption1 className={s.muted} data-when />
        </li>
      </template>
      <template data-row="due">
        <li className={s.learnedRow}>
          <span>
            <Text weight="semibold" data-language />
            <Text className={s.muted}>
              {' · '}
              <span data-count />
            </Text>
          </span>
          <Button className={s.target} appearance="primary" data-start>
            Start review
          </Button>
        </li>
      </template>

      <div className={s.keys} popover="auto" id={KEYS_ID} role="dialog" data-keys aria-label="Keyboard shortcuts">
        <Subtitle1 as="h2">Keyboard shortcuts</Subtitle1>
        <dl className={s.keyList}>
          {SHORTCUTS.map(([key, what]) => (
            <div key={key} className={s.keyRow}>
              <dt className={s.kbd}>{key}</dt>
              <dd className={s.keyWhat}>{what}</dd>
            </div>
          ))}
        </dl>
        <Checkbox label="Single-key shortcuts" defaultChecked input={{ 'data-single-keys': '' } as object} />
      </div>
    </section>
  );
}
