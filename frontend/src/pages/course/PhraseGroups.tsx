/**
 * The lesson's phrases, one collapsible section per shared audio file, every section open at first:
 * native disclosures, which open and close with or without script.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import type { PhraseGroup } from '@shared/contracts/phrases';
import { AudioPlayer } from '../../components/audio/AudioPlayer';
import { summaryHeading, summaryRow } from '../../theme/styles';
import { PhraseRow } from './PhraseRow';
import { WORDS, attr } from '@shared/markup';
import { Recorder } from './Recorder';

const useStyles = makeStyles({
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  item: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow4, overflow: 'hidden' },
  summary: {
    ...summaryRow,
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  chevron: { fontSize: '20px', transform: 'rotate(-90deg)', ':is([open] > summary > *)': { transform: 'none' } },
  heading: summaryHeading,
  panel: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
  list: { listStyleType: 'none', padding: 0, margin: `${tokens.spacingVerticalS} 0 0` },
});

const groupTitle = (i: number, n: number) => `Part ${i + 1} · ${n} ${n === 1 ? 'phrase' : 'phrases'}`;

export function PhraseGroups({ groups, lang }: { groups: PhraseGroup[]; lang?: string }) {
  const s = useStyles();
  return (
    <div className={s.groups}>
      {groups.map((g, i) => (
        <details key={g.audio_url} open className={s.item} data-testid="phrase-group">
          <summary className={s.summary}>
            <ChevronDownRegular className={s.chevron} aria-hidden />
            <h2 className={s.heading}>{groupTitle(i, g.phrases.length)}</h2>
          </summary>
          <div className={s.panel} {...attr(WORDS.group)}>
            <AudioPlayer src={g.audio_url} label={g.phrases.map((p) => p.original_text).join(' · ')} />
            {/* The learner's take of the group's recording, kept under its first phrase. */}
            {g.phrases.length > 0 && <Recorder phraseId={g.phrases[0].id} />}
            <ul className={s.list}>
              {g.phrases.map((p) => (
                <PhraseRow key={p.id} phrase={p} lang={lang} />
              ))}
            </ul>
          </div>
        </details>
      ))}
    </div>
  );
}
