/** The lesson's phrases, one collapsible section per shared audio file, every section open at first. */
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles, tokens } from '@fluentui/react-components';
import type { PhraseGroup } from '@shared/contracts/phrases';
import { AudioPlayer } from '../../components/audio/AudioPlayer';
import { PhraseRow } from './PhraseRow';

const useStyles = makeStyles({
  accordion: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  item: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow4, overflow: 'hidden' },
  header: { fontWeight: tokens.fontWeightSemibold },
  panel: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`, margin: 0 },
  list: { listStyleType: 'none', padding: 0, margin: `${tokens.spacingVerticalS} 0 0` },
});

const groupTitle = (i: number, n: number) => `Part ${i + 1} · ${n} ${n === 1 ? 'phrase' : 'phrases'}`;

export function PhraseGroups({ groups, lang }: { groups: PhraseGroup[]; lang?: string }) {
  const s = useStyles();
  return (
    <Accordion multiple collapsible defaultOpenItems={groups.map((_, i) => i)} className={s.accordion}>
      {groups.map((g, i) => (
        <AccordionItem key={g.audio_url} value={i} className={s.item} data-testid="phrase-group">
          <AccordionHeader as="h2" size="large" button={{ className: s.header }}>
            {groupTitle(i, g.phrases.length)}
          </AccordionHeader>
          <AccordionPanel className={s.panel}>
            <AudioPlayer src={g.audio_url} label={g.phrases.map((p) => p.original_text).join(' · ')} />
            <ul className={s.list}>
              {g.phrases.map((p) => (
                <PhraseRow key={p.id} phrase={p} lang={lang} />
              ))}
            </ul>
          </AccordionPanel>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
