/**
 * The phrases accordion: language → level (with its CEFR label) → lesson, built from the lesson list
 * so it shows at once; each header gets its phrase count when GET /api/phrases/counts answers (no
 * phrase is downloaded to count). A lesson's phrases are read only when its panel opens (Fluent
 * unmounts closed panels), grouped by audio URL, each group with the admin player and Edit. A public
 * lesson whose phrases have a draft shows the draft's groups, marked, since edits go to it.
 */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  CounterBadge,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { byOrder } from '@shared/order';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import type { PhraseCounts } from '@shared/contracts/phrases';
import { groupByAudio } from '@shared/phrase-groups';
import { useLessonPhraseDraft, useLessonPhrases } from '../../api/phrases';
import { phraseDraftOf, usePublishing } from '../../api/publishing';
import { formatReleaseTime } from '../publishing/time';
import { PageState } from '../../components/PageState';
import type { EditedGroup } from './PhrasesDialog';
import { PhraseGroupCard } from './PhraseGroupCard';

const useStyles = makeStyles({
  accordion: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  headerText: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightSemibold },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, ':last-child': { borderBottom: 'none' } },
  nested: { paddingLeft: tokens.spacingHorizontalM, '@media (max-width: 600px)': { paddingLeft: 0 } },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalM}` },
});

function Header({ text, count, as }: { text: string; count?: number; as: 'h3' | 'h4' | 'h5' }) {
  const s = useStyles();
  return (
    <AccordionHeader as={as} expandIconPosition="end">
      <span className={s.headerText}>
        {text}
        {count !== undefined && (
          <CounterBadge count={count} showZero overflowCount={99999} appearance="ghost" color="informative" aria-label={`${count} phrases`} />
        )}
      </span>
    </AccordionHeader>
  );
}

/** The open lesson's groups: read when the panel mounts, refreshed by every phrase write; its draft's when it has one. */
function LessonGroups({ lesson, onEdit }: { lesson: Lesson; onEdit: (group: EditedGroup) => void }) {
  const s = useStyles();
  const ref = { language_id: lesson.language_id, level_id: lesson.level_id, lesson_id: lesson.id };
  const pending = phraseDraftOf(usePublishing().data, ref);
  const inDraft = !!pending;
  const live = useLessonPhrases(inDraft ? null : ref);
  const draft = useLessonPhraseDraft(inDraft ? ref : null);
  const error = inDraft ? draft.error : live.error;
  const data = inDraft ? (draft.data?.phrases ?? undefined) : live.data;
  if (error) return <PageState text="Phrases could not be loaded. Please try again later." />;
  if (!data) return <Spinner size="tiny" label="Loading..." />;
  const notice = pending && (
    <MessageBar intent="warning">
      <MessageBarBody>
        Draft saved by {pending.updated_by} on {formatReleaseTime(pending.updated_at)}: these are the phrases as they will be published. The public lesson is
        unchanged until then (Publishing menu in Manage Lessons).
      </MessageBarBody>
    </MessageBar>
  );
  if (!data.length)
    return (
      <div className={s.groups}>
        {notice}
        <PageState text="No phrases in this lesson yet." />
      </div>
    );
  return (
    <div className={s.groups}>
      {notice}
      {groupByAudio(data, { keepWithoutAudio: true }).map((g, i) => (
        <PhraseGroupCard
          key={g.audio_url}
          audioUrl={g.audio_url}
          phrases={g.phrases}
          name={`${lesson.title} audio ${i + 1}`}
          onEdit={() => onEdit({ ...g, draft: inDraft })}
        />
      ))}
    </div>
  );
}

export function PhraseTree(props: { languages: Language[]; levels: Level[]; lessons: Lesson[]; counts?: PhraseCounts; onEdit: (group: EditedGroup) => void }) {
  const s = useStyles();
  const counts = props.counts;
  const countOf = new Map((counts?.lessons ?? []).map((c) => [`${c.language_id}/${c.level_id}/${c.lesson_id}`, c.count]));
  const sum = (xs: { count?: number }[]) => (counts ? xs.reduce((n, x) => n + (x.count ?? 0), 0) : undefined);
  // Every lesson (one without phrases shows 0: where to add them), under its level and language, in catalogue order.
  const tree = props.languages
    .map((lang) => {
      const levels = props.levels
        .filter((lv) => lv.language_id === lang.id)
        .sort(byOrder)
        .map((lv) => {
          const lessons = props.lessons
            .filter((ls) => ls.language_id === lang.id && ls.level_id === lv.id)
            .sort(byOrder)
            .map((ls) => ({ ls, count: counts ? (countOf.get(`${lang.id}/${lv.id}/${ls.id}`) ?? 0) : undefined }));
          return { lv, lessons, count: sum(lessons) };
        })
        .filter((x) => x.lessons.length);
      return { lang, levels, count: sum(levels) };
    })
    .filter((x) => x.levels.length);

  if (counts?.total === 0) return <PageState text="No phrases found. Add your first phrase to get started." />;
  return (
    <Accordion multiple collapsible className={s.accordion}>
      {tree.map(({ lang, levels, count }) => (
        <AccordionItem key={lang.id} value={lang.id} className={s.item}>
          <Header as="h3" text={lang.name} count={count} />
          <AccordionPanel className={s.nested}>
            <Accordion multiple collapsible>
              {levels.map(({ lv, lessons, count: n }) => (
                <AccordionItem key={lv.id} value={lv.id} className={s.item}>
                  <Header as="h4" text={`${lv.title} (${lv.cefr_label})`} count={n} />
                  <AccordionPanel className={s.nested}>
                    <Accordion multiple collapsible>
                      {lessons.map(({ ls, count: m }) => (
                        <AccordionItem key={ls.id} value={ls.id} className={s.item}>
                          <Header as="h5" text={ls.title} count={m} />
                          <AccordionPanel>
                            <LessonGroups lesson={ls} onEdit={props.onEdit} />
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
  );
}
