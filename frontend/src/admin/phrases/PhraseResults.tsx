/**
 * Phrases that match the search and filters, a page at a time from the API (never the whole course),
 * each with its lesson path and an Edit button that opens Edit Phrases on the phrase's audio group.
 */
import { Button, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import type { Phrase } from '@shared/contracts/phrases';
import { phraseGroupOf } from '../../api/phrases';
import { useNotify } from '../../components/notify';
import { AdminList, type ListColumn, type ListPages } from '../components/AdminList';
import { failureBody } from '../components/failure';
import type { EditedGroup } from './PhrasesDialog';

const useStyles = makeStyles({
  original: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  path: { color: tokens.colorNeutralForeground2 },
  edit: { minHeight: '44px' },
});

export function PhraseResults(props: {
  pages: ListPages<Phrase>;
  languages: Language[];
  levels: Level[];
  lessons: Lesson[];
  empty: string;
  onEdit: (group: EditedGroup) => void;
}) {
  const s = useStyles();
  const notify = useNotify();
  const [opening, setOpening] = useState<string>();
  const language = new Map(props.languages.map((l) => [l.id, l.name]));
  const level = new Map(props.levels.map((l) => [`${l.language_id}/${l.id}`, `${l.title} (${l.cefr_label})`]));
  const lesson = new Map(props.lessons.map((l) => [`${l.language_id}/${l.level_id}/${l.id}`, l.title]));
  const pathOf = (p: Phrase) =>
    [
      language.get(p.language_id) ?? p.language_id,
      level.get(`${p.language_id}/${p.level_id}`) ?? p.level_id,
      lesson.get(`${p.language_id}/${p.level_id}/${p.lesson_id}`) ?? p.lesson_id,
    ].join(' › ');

  async function edit(p: Phrase) {
    setOpening(p.id);
    try {
      // The group as stored now (ids and versions), so a save over someone else's change gets 409.
      props.onEdit(await phraseGroupOf(p));
    } catch (e) {
      notify('Phrases could not be loaded', { body: failureBody(e), intent: 'error' });
    } finally {
      setOpening(undefined);
    }
  }

  const columns: ListColumn<Phrase>[] = [
    { id: 'original', label: 'Phrase', minWidth: 240, render: (p) => <Text className={s.original}>{p.original_text}</Text> },
    { id: 'translation', label: 'Translation', minWidth: 220, render: (p) => <Text>{p.translated_text}</Text> },
    { id: 'lesson', label: 'Lesson', minWidth: 260, render: (p) => <Caption1 className={s.path}>{pathOf(p)}</Caption1> },
    {
      id: 'actions',
      label: 'Actions',
      minWidth: 110,
      render: (p) => (
        <Button className={s.edit} icon={<EditRegular />} disabled={opening === p.id} aria-label={`Edit ${p.original_text}`} onClick={() => void edit(p)}>
          Edit
        </Button>
      ),
    },
  ];

  return (
    <AdminList
      label="Matching phrases"
      pages={props.pages}
      columns={columns}
      getRowId={(p) => `${p.language_id}/${p.level_id}/${p.lesson_id}/${p.id}`}
      empty={props.empty}
    />
  );
}
