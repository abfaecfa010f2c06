/**
 * Manage Phrases: an accordion of language → level (with its CEFR label) → lesson; in a lesson the
 * phrases are grouped by audio URL, each group with the admin player and an Edit button.
 */
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, CounterBadge, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { byOrder } from '@shared/order';
import type { Phrase } from '@shared/types';
import { useLessons, useLevels, usePhrases } from '../../api/course';
import { useLanguages } from '../../api/languages';
import { PageState } from '../../components/PageState';
import { AdminAudioProvider } from '../components/AdminAudioPlayer';
import { PhraseGroupCard } from './PhraseGroupCard';
import { PhrasesDialog, type EditedGroup } from './PhrasesDialog';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalL, gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  accordion: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  headerText: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightSemibold },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, ':last-child': { borderBottom: 'none' } },
  nested: { paddingLeft: tokens.spacingHorizontalM, '@media (max-width: 600px)': { paddingLeft: 0 } },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalM}` },
});

/** Phrases that share one audio URL, in the order their first phrase was created. */
function byAudio(phrases: Phrase[]) {
  const groups = new Map<string, Phrase[]>();
  for (const p of phrases) groups.set(p.audio_url, [...(groups.get(p.audio_url) ?? []), p]);
  return [...groups].map(([audio_url, list]) => ({ audio_url, phrases: list }));
}

function Header({ text, count, as }: { text: string; count: number; as: 'h3' | 'h4' | 'h5' }) {
  const s = useStyles();
  return (
    <AccordionHeader as={as} expandIconPosition="end">
      <span className={s.headerText}>
        {text}
        <CounterBadge count={count} overflowCount={9999} appearance="ghost" color="informative" aria-label={`${count} phrases`} />
      </span>
    </AccordionHeader>
  );
}

export default function ManagePhrases() {
  const s = useStyles();
  const languages = useLanguages();
  const levels = useLevels();
  const lessons = useLessons();
  const phrases = usePhrases();
  const [dialog, setDialog] = useState<{ open: boolean; group?: EditedGroup }>({ open: false });
  const loading = languages.isLoading || levels.isLoading || lessons.isLoading || phrases.isLoading;
  const failed = languages.error || levels.error || lessons.error || phrases.error;
  const noLessons = !loading && !failed && !lessons.data?.length;
  const all = phrases.data ?? [];

  // The tree of what has phrases: language → level → lesson → audio groups.
  const tree = (languages.data ?? [])
    .map((lang) => ({
      lang,
      levels: (levels.data ?? [])
        .filter((lv) => lv.language_id === lang.id)
        .sort(byOrder)
        .map((lv) => ({
          lv,
          lessons: (lessons.data ?? [])
            .filter((ls) => ls.language_id === lang.id && ls.level_id === lv.id)
            .sort(byOrder)
            .map((ls) => ({ ls, phrases: all.filter((p) => p.language_id === lang.id && p.level_id === lv.id && p.lesson_id === ls.id) }))
            .filter((x) => x.phrases.length),
        }))
        .filter((x) => x.lessons.length),
    }))
    .filter((x) => x.levels.length);
  const count = (list: { phrases: Phrase[] }[]) => list.reduce((n, x) => n + x.phrases.length, 0);

  return (
    <AdminAudioProvider>
      <section aria-labelledby="manage-phrases">
        <div className={s.bar}>
          <Subtitle1 as="h2" id="manage-phrases">
            Manage Phrases
          </Subtitle1>
          <Button appearance="primary" icon={<AddRegular />} disabled={loading || noLessons} onClick={() => setDialog({ open: true })}>
            Add Phrases
          </Button>
        </div>
        {loading ? (
          <PageState text="Loading..." />
        ) : failed ? (
          <PageState text="Phrases could not be loaded. Please try again later." />
        ) : noLessons ? (
          <PageState text="Add languages, levels, and lessons first before creating phrases." />
        ) : !tree.length ? (
          <PageState text="No phrases found. Add your first phrase to get started." />
        ) : (
          <Accordion multiple collapsible className={s.accordion}>
            {tree.map(({ lang, levels: lvs }) => (
              <AccordionItem key={lang.id} value={lang.id} className={s.item}>
                <Header as="h3" text={lang.name} count={lvs.reduce((n, x) => n + count(x.lessons), 0)} />
                <AccordionPanel className={s.nested}>
                  <Accordion multiple collapsible>
                    {lvs.map(({ lv, lessons: lss }) => (
                      <AccordionItem key={lv.id} value={lv.id} className={s.item}>
                        <Header as="h4" text={`${lv.title} (${lv.cefr_label})`} count={count(lss)} />
                        <AccordionPanel className={s.nested}>
                          <Accordion multiple collapsible>
                            {lss.map(({ ls, phrases: list }) => (
                              <AccordionItem key={ls.id} value={ls.id} className={s.item}>
                                <Header as="h5" text={ls.title} count={list.length} />
                                <AccordionPanel>
                                  <div className={s.groups}>
                                    {byAudio(list).map((g, i) => (
                                      <PhraseGroupCard key={g.audio_url} audioUrl={g.audio_url} phrases={g.phrases} name={`${ls.title} audio ${i + 1}`} onEdit={() => setDialog({ open: true, group: g })} />
                                    ))}
                                  </div>
                                </AccordionPanel>
                              </AccordionItem>
                            ))}
                          </Accordion>
                        </AccordionPanel>
                      </AccordionItem>
                    ))}
                  </Accordion>
                </AccordionPanel>
              </AccordionItem>
            ))}
          </Accordion>
        )}
        <PhrasesDialog
          open={dialog.open}
          group={dialog.group}
          languages={languages.data ?? []}
          levels={levels.data ?? []}
          lessons={lessons.data ?? []}
          onClose={() => setDialog({ open: false })}
        />
      </section>
    </AdminAudioProvider>
  );
}
