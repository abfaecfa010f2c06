/**
 * A phrase with its translation behind 'Show translation' (each row on its own): a native
 * disclosure, so it opens in one frame with or without script. The button's words follow its
 * state by CSS; a signed-in learner's star (learner island) goes into the row's actions.
 */
import { Body1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import type { Phrase } from '@shared/contracts/phrases';
import { LEARNER, SEARCH, WORDS, attr, sel } from '@shared/markup';
import { phraseAnchor } from '@shared/search';

const useStyles = makeStyles({
  row: {
    position: 'relative',
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
    // A link to the phrase (its anchor: a search result, a shared link) shows it marked, below the sticky header.
    scrollMarginTop: '96px',
    ':target': {
      backgroundColor: tokens.colorBrandBackground2,
      outline: `2px solid ${tokens.colorBrandStroke1}`,
      outlineOffset: '2px',
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  // Room on the right for the summary (and a learner's star beside it, when the row has one).
  texts: {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    paddingRight: '156px',
    [`:is(${sel(LEARNER.hasActions)} > *)`]: { paddingRight: '204px' },
    // Share (islands/share.ts) beside the star: one more button's width.
    [`:is(${sel(SEARCH.shared)} > *)`]: { paddingRight: '204px' },
    [`:is(${sel(SEARCH.shared)}${sel(LEARNER.hasActions)} > *)`]: { paddingRight: '252px' },
  },
  original: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase400 },
  // The words islands/words.ts wraps once the group's audio plays: each plays from itself, the spoken one is lit.
  timed: {
    [`& ${sel(WORDS.word)}`]: {
      cursor: 'pointer',
      borderRadius: tokens.borderRadiusSmall,
      transitionProperty: 'background-color',
      transitionDuration: '120ms',
    },
    [`& ${sel(WORDS.word)}:hover`]: { textDecorationLine: 'underline' },
    [`& ${sel(WORDS.word)}:focus-visible`]: { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
    [`& ${sel(WORDS.spoken)}`]: {
      backgroundColor: tokens.colorBrandBackground2,
      color: tokens.colorBrandForeground2,
      boxShadow: `0 2px 0 ${tokens.colorBrandStroke1}`,
    },
    '@media (prefers-reduced-motion: reduce)': { [`& ${sel(WORDS.word)}`]: { transitionDuration: '0s' } },
    // Forced colours drop backgrounds and shadows: the spoken word takes the system's highlight.
    '@media (forced-colors: active)': { [`& ${sel(WORDS.spoken)}`]: { forcedColorAdjust: 'none', backgroundColor: 'Highlight', color: 'HighlightText' } },
  },
  translation: { display: 'block', color: tokens.colorNeutralForeground2, marginTop: tokens.spacingVerticalXS },
  // The summary sits in the row's top right corner, like the button it stands for.
  toggle: {
    position: 'absolute',
    top: tokens.spacingVerticalM,
    right: 0,
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '24px',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    listStyleType: 'none',
    '::-webkit-details-marker': { display: 'none' },
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
    '@media (max-width: 767px)': { minHeight: '44px' },
  },
  whenOpen: { display: 'none', alignItems: 'center', gap: tokens.spacingHorizontalXS, ':is([open] > summary > *)': { display: 'inline-flex' } },
  whenClosed: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, ':is([open] > summary > *)': { display: 'none' } },
  actions: { position: 'absolute', top: tokens.spacingVerticalS, right: '152px', display: 'flex' },
});

/** `lang`: the course language's tag on the original text; translations are English. */
export function PhraseRow({ phrase, lang }: { phrase: Phrase; lang?: string }) {
  const s = useStyles();
  return (
    <li id={phraseAnchor(phrase.id)} className={s.row} data-testid="phrase" {...attr(LEARNER.phrase, phrase.id)}>
      <div className={s.texts}>
        <Text
          className={phrase.audio_timings ? mergeClasses(s.original, s.timed) : s.original}
          lang={lang}
          {...(phrase.audio_timings ? attr(WORDS.timings, phrase.audio_timings) : {})}
        >
          {phrase.original_text}
        </Text>
        <details>
          <summary className={s.toggle}>
            <span className={s.whenClosed}>
              <EyeRegular aria-hidden /> Show translation
            </span>
            <span className={s.whenOpen}>
              <EyeOffRegular aria-hidden /> Hide translation
            </span>
          </summary>
          <Body1 className={s.translation} data-testid="translation" lang="en">
            {phrase.translated_text}
          </Body1>
        </details>
      </div>
      <div className={s.actions} {...attr(LEARNER.phraseActions)} />
    </li>
  );
}
