/**
 * Manage Phrases. Without a search or filter: an accordion (language → level → lesson →
 * audio groups), whose lessons load when opened. Typing or choosing a language, level or lesson
 * shows the matching phrases from the API instead, a page at a time (search debounced 200 ms; an
 * answer to an older search is never shown). The view lives in the URL (`?q=&language=&level=&lesson=`).
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { byOrder } from '@shared/order';
import { useLessons } from '../../api/lessons';
import { useLevels } from '../../api/levels';
import { useAuth } from '../../auth/AuthContext';
import { draftGroupOf, usePhraseCounts, usePhrasePages } from '../../api/phrases';
import { phraseDraftOf, usePublishing } from '../../api/publishing';
import { useAdminLanguages } from '../../api/languages';
import { PageState } from '../../components/PageState';
import { AdminAudioProvider } from '../components/AdminAudioPlayer';
import { LanguageFilter, ListFilter, ListToolbar } from '../components/ListToolbar';
import { useDebounced } from '../components/useDebounced';
import { useListParams } from '../components/useListParams';
import { PhraseResults } from './PhraseResults';
import { PhrasesDialog, type EditedGroup } from './PhrasesDialog';
import { PhraseTree } from './PhraseTree';
import { AdminSection } from '../components/AdminSection';

const useStyles = makeStyles({
  add: { minHeight: '44px' },
});

const PARAMS = ['q', 'language', 'level', 'lesson'] as const;

export default function ManagePhrases() {
  const s = useStyles();
  const languages = useAdminLanguages();
  const levels = useLevels();
  const lessons = useLessons();
  const counts = usePhraseCounts();
  const [params, setParams] = useListParams(PARAMS);
  const q = useDebounced(params.q.trim(), 200);
  const filtered = !!(q || params.language || params.level || params.lesson);
  // An editor searches within a language (the API pages across languages for administrators only):
  // their only language, or the one they choose.
  const { role } = useAuth();
  const language = params.language || (role.role === 'editor' && role.languages.length === 1 ? role.languages[0] : '');
  const needsLanguage = filtered && role.role === 'editor' && !language;
  const pages = usePhrasePages(filtered && !needsLanguage ? { q, language_id: language, level_id: params.level, lesson_id: params.lesson } : null);
  const [dialog, setDialog] = useState<{ open: boolean; group?: EditedGroup }>({ open: false });
  const publishing = usePublishing();

  /** Opens Edit Phrases; a group found in the live phrases of a lesson whose phrases have a draft opens as the draft has it. */
  async function edit(group: EditedGroup) {
    const first = group.phrases.at(0);
    const inDraft = !!first && !group.draft && !!phraseDraftOf(publishing.data, first);
    const drafted = inDraft ? await draftGroupOf({ ...first, audio_url: group.audio_url }).catch(() => undefined) : undefined;
    setDialog({ open: true, group: drafted?.phrases.length ? { ...drafted, draft: true } : group });
  }

  // The counts only fill the headers' badges: the accordion does not wait for them.
  const loading = languages.isLoading || levels.isLoading || lessons.isLoading;
  const failed = !!(languages.error || levels.error || lessons.error || (filtered && pages.error));
  const noLessons = !loading && !failed && !lessons.data?.length;

  const levelOptions = (levels.data ?? []).filter((l) => l.language_id === params.language).sort(byOrder);
  const lessonOptions = (lessons.data ?? []).filter((l) => l.language_id === params.language && l.level_id === params.level).sort(byOrder);
  const count = filtered
    ? pages.loading
      ? undefined
      : `${pages.items.length}${pages.hasMore ? '+' : ''} ${pages.items.length === 1 && !pages.hasMore ? 'phrase' : 'phrases'}${pages.refreshing ? ' (searching...)' : ''}`
    : counts.data && `${counts.data.total} phrases`;

  return (
    <AdminAudioProvider>
      <AdminSection
        id="manage-phrases"
        title="Manage Phrases"
        actions={
          <Button className={s.add} appearance="primary" icon={<AddRegular />} disabled={loading || noLessons} onClick={() => setDialog({ open: true })}>
            Add Phrases
          </Button>
        }
      >
        <ListToolbar q={params.q} onSearch={(v) => setParams({ q: v })} placeholder="Search phrases and translations" count={count}>
          <LanguageFilter
            languages={languages.data}
            value={params.language}
            // A language change clears level and lesson; a level change clears the lesson (as the phrase form).
            onChange={(v) => setParams({ language: v, level: '', lesson: '' })}
          />
          <ListFilter
            label="Level"
            allLabel={params.language ? 'All levels' : 'Choose a language first'}
            value={params.level}
            disabled={!params.language}
            onChange={(v) => setParams({ level: v, lesson: '' })}
            options={levelOptions.map((l) => ({ value: l.id, label: `${l.title} (${l.cefr_label})` }))}
          />
          <ListFilter
            label="Lesson"
            allLabel={params.level ? 'All lessons' : 'Choose a level first'}
            value={params.lesson}
            disabled={!params.level}
            onChange={(v) => setParams({ lesson: v })}
            options={lessonOptions.map((l) => ({ value: l.id, label: l.title }))}
          />
        </ListToolbar>
        {loading ? (
          <PageState text="Loading..." />
        ) : failed ? (
          <PageState text="Phrases could not be loaded. Please try again later." />
        ) : noLessons ? (
          <PageState text="Add languages, levels, and lessons first before creating phrases." />
        ) : needsLanguage ? (
          <PageState text="Choose a language to search its phrases." />
        ) : filtered ? (
          <PhraseResults
            pages={pages}
            languages={languages.data ?? []}
            levels={levels.data ?? []}
            lessons={lessons.data ?? []}
            empty={q ? 'No phrases match your search.' : 'No phrases in this selection yet.'}
            onEdit={(group) => void edit(group)}
          />
        ) : (
          <PhraseTree
            languages={languages.data ?? []}
            levels={levels.data ?? []}
            lessons={lessons.data ?? []}
            counts={counts.data}
            onEdit={(group) => void edit(group)}
          />
        )}
        <PhrasesDialog
          open={dialog.open}
          group={dialog.group}
          languages={languages.data ?? []}
          levels={levels.data ?? []}
          lessons={lessons.data ?? []}
          onClose={() => setDialog({ open: false })}
        />
      </AdminSection>
    </AdminAudioProvider>
  );
}
