/**
 * The practice screen's markup, rendered on the server with the first card in place (the practice
 * page) or empty (/review, whose cards are on the device); its island (island.ts) runs
 * the session by filling these slots and toggling `hidden` and attributes the styles read
 * (styles.ts). Before the island: Play plays (the head script) and 'Show answer' opens (a native
 * disclosure). One component per part the island drives, in page order.
 */
import { Body1, Button, Caption1, Checkbox, mergeClasses, Subtitle1, Switch, Text } from '@fluentui/react-components';
import { KeyboardRegular, PauseFilled, Speaker2Regular, StarRegular } from '@fluentui/react-icons';
import { GRADES } from '@shared/contracts/reviews';
import { pages } from '@shared/urls';
import { ISLAND } from '../islands/dom';
import type { DeckCard } from './deck';
import { SHORTCUTS } from './shortcuts';
import { useStyles } from './PracticeScreen.styles';

type Mode = 'lesson' | 'review';
const KEYS_ID = 'practice-keys';

/** The direction ('Listen', 'Say it'), the hands-free switch and the shortcuts' button. */
function Toolbar({ mode }: { mode: Mode }) {
  const s = useStyles();
  return (
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
  );
}

/** The card: progress, hint, the 'Say it' prompt, Play, its audio (and the next card's), the answer and the grades. */
function Card({ cards, mode }: { cards: DeckCard[]; mode: Mode }) {
  const s = useStyles();
  const first = cards.at(0);
  return (
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
      <Answer first={first} />
    </div>
  );
}

/** 'Show answer': a native disclosure, so it opens before any script; inside, the phrase and the grades. */
function Answer({ first }: { first: DeckCard | undefined }) {
  const s = useStyles();
  return (
    <details className={s.answer} data-answer>
      <summary className={s.show} data-testid="show-answer">
        Show answer
      </summary>
      <div className={s.revealed}>
        <Text className={s.original} lang={first?.lang_tag} data-original>
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
  );
}

/** 'Session complete', filled by the island at the session's end. */
function Done({ mode }: { mode: Mode }) {
  const s = useStyles();
  return (
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
  );
}

/** /review's home: the due cards per language (the island's), or 'Nothing to review right now'. */
function ReviewHome() {
  const s = useStyles();
  return (
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
  );
}

/** The rows the island clones: a practised card ('Session complete') and a language due (/review). */
function RowTemplates() {
  const s = useStyles();
  return (
    <>
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
    </>
  );
}

/** The shortcuts' list ('?'), a native popover, with the switch that turns single keys off. */
function KeysDialog() {
  const s = useStyles();
  return (
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
  );
}

/** `cards`: the lesson's deck (the practice page); none on /review, whose island reads the device's cards. */
export function PracticeScreen({ cards, mode }: { cards: DeckCard[]; mode: Mode }) {
  const s = useStyles();
  return (
    <section className={s.root} aria-label="Practice" data-testid="practice" data-mode={mode} data-direction="listen" {...{ [ISLAND]: 'practice' }}>
      {mode === 'lesson' && <script type="application/json" data-deck dangerouslySetInnerHTML={{ __html: JSON.stringify(cards).replace(/</g, '\\u003c') }} />}
      <Toolbar mode={mode} />
      <Card cards={cards} mode={mode} />
      <Done mode={mode} />
      {mode === 'review' && <ReviewHome />}
      <RowTemplates />
      <KeysDialog />
    </section>
  );
}
