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
import type { DeckCard } from './deck';
import { SHORTCUTS } from './shortcuts';
import { useStyles } from './PracticeScreen.styles';
import { Recorder } from '../pages/course/Recorder';
import { KeepProgress } from './KeepProgress';
import { Reminders } from './Reminders';
import { PRACTICE, ROOT, attr } from '@shared/markup';

type Mode = 'lesson' | 'review';
const KEYS_ID = 'practice-keys';

/** The direction ('Listen', 'Say it'), the hands-free switch and the shortcuts' button. */
function Toolbar({ mode }: { mode: Mode }) {
  const s = useStyles();
  return (
    <div className={s.toolbar} {...attr(PRACTICE.session)} hidden={mode === 'review'}>
      <div className={s.directions} role="group" aria-label="Direction">
        <Button className={mergeClasses(s.target, s.pressed)} appearance="subtle" aria-pressed {...attr(PRACTICE.directionChoice, 'listen')}>
          Listen
        </Button>
        <Button className={mergeClasses(s.target, s.pressed)} appearance="subtle" aria-pressed={false} {...attr(PRACTICE.directionChoice, 'say')}>
          Say it
        </Button>
      </div>
      <div className={s.tools}>
        <Switch label="Hands-free" className={s.target} input={attr(PRACTICE.handsFree) as object} />
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
    <div className={s.card} {...attr(PRACTICE.stage)} {...attr(PRACTICE.session)} hidden={mode === 'review'}>
      <p className={s.progress} {...attr(PRACTICE.progress)} aria-live="polite">
        {first ? `1 of ${cards.length}` : ''}
      </p>
      <p className={s.hint} {...attr(PRACTICE.hint)}>
        Listen, and recall what it means
      </p>
      <Text as="p" className={s.promptText} {...attr(PRACTICE.prompt)} lang="en" hidden>
        {first?.translated_text}
      </Text>
      <Button
        className={s.play}
        appearance="primary"
        shape="circular"
        size="large"
        aria-label="Play phrase"
        {...attr(ROOT.play)}
        icon={
          <>
            <Speaker2Regular className={s.playIcon} />
            <PauseFilled className={s.pauseIcon} />
          </>
        }
      />
      {/* The practice island points it at each card (RECORD.take, RECORD.native); `R` records too. */}
      <Recorder className={s.recorder} phraseId={first?.phrase_id ?? ''} native={first?.audio_url} shortcut="R" />
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the answer prints what the recording says. */}
      <audio src={first?.audio_url} preload="auto" {...attr(PRACTICE.audio)} />
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the next card's audio, fetched ahead; never played from here. */}
      <audio preload="auto" {...attr(PRACTICE.nextAudio)} />
      <Answer first={first} />
    </div>
  );
}

/** 'Show answer': a native disclosure, so it opens before any script; inside, the phrase and the grades. */
function Answer({ first }: { first: DeckCard | undefined }) {
  const s = useStyles();
  return (
    <details className={s.answer} {...attr(PRACTICE.answer)}>
      <summary className={s.show} data-testid="show-answer">
        Show answer
      </summary>
      <div className={s.revealed}>
        <Text className={s.original} lang={first?.lang_tag} {...attr(PRACTICE.original)}>
          {first?.original_text}
        </Text>
        <Body1 className={s.translation} lang="en" {...attr(PRACTICE.translation)}>
          {first?.translated_text}
        </Body1>
        <div className={s.grades} role="group" aria-label="How well did you remember it?">
          {GRADES.map((label, i) => (
            <Button key={label} className={s.grade} {...attr(PRACTICE.grade, i + 1)} aria-keyshortcuts={String(i + 1)}>
              <span>{label}</span>
              <Caption1 className={s.gradeHint} {...attr(PRACTICE.gradeHint)} />
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
    <div className={s.done} {...attr(PRACTICE.done)} hidden>
      <Subtitle1 as="h2" className={s.doneTitle} tabIndex={-1} {...attr(PRACTICE.doneTitle)}>
        Session complete
      </Subtitle1>
      <Body1 {...attr(PRACTICE.doneSummary)} />
      <ul className={s.learned} {...attr(PRACTICE.learned)} aria-label="What you practised" />
      <Body1 {...attr(PRACTICE.nextReview)} />
      <Body1 {...attr(PRACTICE.kept)} />
      <div className={s.actions}>
        <Button className={s.target} appearance="primary" {...attr(PRACTICE.restart)}>
          {mode === 'review' ? 'Back to Review' : 'Practice again'}
        </Button>
        {mode === 'lesson' && (
          <Button className={s.target} as="a" href={pages.review}>
            Go to Review
          </Button>
        )}
      </div>
      <Reminders />
    </div>
  );
}

/** /review's home: the due cards per language (the island's), or 'Nothing to review right now'. */
function ReviewHome() {
  const s = useStyles();
  return (
    <div className={s.done} {...attr(PRACTICE.reviewHome)}>
      <Body1 {...attr(PRACTICE.loading)}>Loading your cards…</Body1>
      {/* Shown to a signed-in visitor: their favourite phrases as one deck. */}
      <Button className={s.favorites} icon={<StarRegular />} {...attr(PRACTICE.favorites)} hidden>
        Practise your favourites
      </Button>
      <ul className={s.learned} {...attr(PRACTICE.dueList)} aria-label="Due for review" hidden />
      <div className={s.nothing} {...attr(PRACTICE.nothing)} hidden>
        <Subtitle1 as="h2" className={s.doneTitle}>
          Nothing to review right now
        </Subtitle1>
        <Body1 as="p" className={s.muted} {...attr(PRACTICE.nextDue)} />
        <Button className={s.target} as="a" href={pages.languages}>
          Choose a lesson
        </Button>
      </div>
      <noscript>
        <Body1>Review keeps your cards on this device, which needs JavaScript.</Body1>
      </noscript>
      <Reminders />
      <KeepProgress />
    </div>
  );
}

/** The rows the island clones: a practised card ('Session complete') and a language due (/review). */
function RowTemplates() {
  const s = useStyles();
  return (
    <>
      <template {...attr(PRACTICE.row, 'learned')}>
        <li className={s.learnedRow}>
          <span>
            <Text weight="semibold" {...attr(PRACTICE.original)} />
            <Text className={s.muted} lang="en">
              {' — '}
              <span {...attr(PRACTICE.translation)} />
            </Text>
          </span>
          <Caption1 className={s.muted} {...attr(PRACTICE.when)} />
        </li>
      </template>
      <template {...attr(PRACTICE.row, 'due')}>
        <li className={s.learnedRow}>
          <span>
            <Text weight="semibold" {...attr(PRACTICE.language)} />
            <Text className={s.muted}>
              {' · '}
              <span {...attr(PRACTICE.count)} />
            </Text>
          </span>
          <Button className={s.target} appearance="primary" {...attr(PRACTICE.start)}>
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
    <div className={s.keys} popover="auto" id={KEYS_ID} role="dialog" {...attr(PRACTICE.keys)} aria-label="Keyboard shortcuts">
      <Subtitle1 as="h2">Keyboard shortcuts</Subtitle1>
      <dl className={s.keyList}>
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className={s.keyRow}>
            <dt className={s.kbd}>{key}</dt>
            <dd className={s.keyWhat}>{what}</dd>
          </div>
        ))}
      </dl>
      <Checkbox label="Single-key shortcuts" defaultChecked input={attr(PRACTICE.singleKeys) as object} />
    </div>
  );
}

/** `cards`: the lesson's deck (the practice page); none on /review, whose island reads the device's cards. */
export function PracticeScreen({ cards, mode }: { cards: DeckCard[]; mode: Mode }) {
  const s = useStyles();
  return (
    <section
      className={s.root}
      aria-label="Practice"
      data-testid="practice"
      {...attr(PRACTICE.mode, mode)}
      {...attr(PRACTICE.direction, 'listen')}
      {...attr(ROOT.island, 'practice')}
    >
      {mode === 'lesson' && (
        <script type="application/json" {...attr(PRACTICE.deck)} dangerouslySetInnerHTML={{ __html: JSON.stringify(cards).replace(/</g, '\\u003c') }} />
      )}
      <Toolbar mode={mode} />
      <Card cards={cards} mode={mode} />
      <Done mode={mode} />
      {mode === 'review' && <ReviewHome />}
      <RowTemplates />
      <KeysDialog />
    </section>
  );
}
