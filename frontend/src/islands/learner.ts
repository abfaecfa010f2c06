/**
 * A signed-in learner's controls on a lesson page (markup: pages/course/LearnerControls.tsx, in
 * <template>s of the page): 'Mark as completed' and a star per phrase, from one read of
 * /api/me/lessons/... and saved at once. Loaded only when a session is stored in this browser.
 */
import type { LessonRef } from '@shared/contracts/lessons';
import type { MyLesson } from '@shared/contracts/me';
import { api } from '@shared/urls';
import { apiFetch, setTokenProvider } from '../api/client';
import { setText, type Mount } from './dom';
import { accessToken } from './visitor';
import { toast } from './toast';
import { LEARNER, ROOT, sel } from '@shared/markup';

const clone = (name: string) =>
  document.querySelector<HTMLTemplateElement>(`template${sel(LEARNER.template, name)}`)?.content.firstElementChild?.cloneNode(true) as
    HTMLButtonElement | undefined;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function setPressed(b: HTMLButtonElement, on: boolean, labels: [string, string], aria = false) {
  b.setAttribute('aria-pressed', String(on));
  const label = labels[on ? 1 : 0];
  if (aria) b.setAttribute('aria-label', label);
  else setText(b, sel(LEARNER.label), label);
}

/** A button that saves at once: disabled while saving, its state flipped only once the API agreed. */
function saving(b: HTMLButtonElement, save: (on: boolean) => Promise<void>, apply: (on: boolean) => void) {
  b.addEventListener('click', () => {
    const on = b.getAttribute('aria-pressed') !== 'true';
    b.disabled = true;
    save(on)
      .then(() => apply(on))
      .catch(() => undefined)
      .finally(() => (b.disabled = false));
  });
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(ROOT.mounted)) return;
  root.setAttribute(ROOT.mounted, '');
  setTokenProvider(accessToken);
  const lesson = JSON.parse(root.getAttribute(LEARNER.lesson) ?? '{}') as LessonRef;
  apiFetch<MyLesson>(api.myLesson(lesson), { auth: true })
    .then((mine) => {
      const done = clone('completed');
      if (done) {
        const labels: [string, string] = ['Mark as completed', 'Completed'];
        setPressed(done, mine.completed, labels);
        saving(
          done,
          (completed) =>
            apiFetch(api.lessonProgress(lesson), { method: 'PUT', body: { completed }, auth: true }).then(
              () => undefined,
              (e: unknown) => {
                toast('Error updating progress', { body: message(e), intent: 'error' });
                throw e;
              },
            ),
          (on) => setPressed(done, on, labels),
        );
        root.append(done);
      }
      document.querySelectorAll<HTMLElement>(sel(LEARNER.phrase)).forEach((row) => {
        const star = clone('favorite');
        const slot = row.querySelector(sel(LEARNER.phraseActions));
        if (!star || !slot) return;
        const id = row.getAttribute(LEARNER.phrase) ?? '';
        const labels: [string, string] = ['Add to favorites', 'Remove from favorites'];
        setPressed(star, mine.favorites.includes(id), labels, true);
        saving(
          star,
          (favorite) =>
            apiFetch(api.favorite(lesson, id), { method: favorite ? 'PUT' : 'DELETE', auth: true }).then(
              () => {
                if (!favorite) toast('Favorite removed');
              },
              (e: unknown) => {
                toast(favorite ? 'Error adding favorite' : 'Error removing favorite', { body: message(e), intent: 'error' });
                throw e;
              },
            ),
          (on) => setPressed(star, on, labels, true),
        );
        slot.append(star);
        row.setAttribute(LEARNER.hasActions, '');
      });
    })
    .catch((e: unknown) => console.error('The learner controls could not load', e));
};
