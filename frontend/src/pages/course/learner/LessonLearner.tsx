/**
 * A signed-in learner's controls on the lesson page: 'Mark as completed' for the lesson and a
 * favourite toggle per phrase. Both read one request (/api/me/lessons/...) and save at once.
 */
import { makeStyles, ToggleButton, tokens, Tooltip } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CheckmarkCircleRegular, StarFilled, StarRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { LessonRef } from '@shared/contracts/lessons';
import type { Phrase } from '@shared/contracts/phrases';
import { setCompleted, setFavorite, useMyLesson } from '../../../api/me';
import { useNotify } from '../../../components/notify';

const useStyles = makeStyles({
  starred: { color: tokens.colorPaletteMarigoldForeground1 },
  done: { color: tokens.colorPaletteGreenForeground1 },
});

export function CompletedControl({ lesson }: { lesson: LessonRef }) {
  const s = useStyles();
  const notify = useNotify();
  const { data } = useMyLesson(lesson);
  const [busy, setBusy] = useState(false);
  const completed = !!data?.completed;

  async function toggle() {
    setBusy(true);
    try {
      await setCompleted(lesson, !completed);
    } catch (e) {
      notify('Error updating progress', { body: (e as Error).message, intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToggleButton
      checked={completed}
      disabled={!data || busy}
      onClick={() => void toggle()}
      icon={completed ? <CheckmarkCircleFilled className={s.done} /> : <CheckmarkCircleRegular />}
      data-testid="mark-completed"
    >
      {completed ? 'Completed' : 'Mark as completed'}
    </ToggleButton>
  );
}

/** A phrase's star: filled when it is a favourite (rendered in each PhraseRow through PhraseExtra). */
export function FavoriteToggle({ phrase }: { phrase: Phrase }) {
  const s = useStyles();
  const notify = useNotify();
  const { data } = useMyLesson(phrase);
  const [busy, setBusy] = useState(false);
  const favorite = !!data?.favorites.includes(phrase.id);
  const label = favorite ? 'Remove from favorites' : 'Add to favorites';

  async function toggle() {
    setBusy(true);
    try {
      await setFavorite({ ...phrase, phrase_id: phrase.id }, !favorite);
      if (favorite) notify('Favorite removed');
    } catch (e) {
      notify(favorite ? 'Error removing favorite' : 'Error adding favorite', { body: (e as Error).message, intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Tooltip content={label} relationship="label">
      <ToggleButton
        appearance="subtle"
        checked={favorite}
        disabled={!data || busy}
        onClick={() => void toggle()}
        icon={favorite ? <StarFilled className={s.starred} /> : <StarRegular />}
        data-testid="favorite-toggle"
      />
    </Tooltip>
  );
}
