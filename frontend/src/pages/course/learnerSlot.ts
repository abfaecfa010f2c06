/**
 * Where a signed-in learner's controls go on the lesson page (a favourite toggle per phrase, 'Mark
 * as completed'). Their module is imported only once a session is known, after the public page
 * has rendered: a visitor's HTML and downloads hold none of it.
 */
import { createContext, useContext, useEffect, useState, type ComponentType } from 'react';
import type { Phrase } from '@shared/contracts/phrases';
import { useAuth } from '../../auth/AuthContext';

type LearnerModule = typeof import('./learner/LessonLearner');

/** The control each phrase row shows beside its translation button (null: none). */
export const PhraseExtra = createContext<ComponentType<{ phrase: Phrase }> | null>(null);
export const usePhraseExtra = () => useContext(PhraseExtra);

/** The learner controls' module once a signed-in session is known, else null. */
export function useLearnerControls(): LearnerModule | null {
  const { status } = useAuth();
  const [mod, setMod] = useState<LearnerModule | null>(null);
  useEffect(() => {
    if (status !== 'signedIn') return setMod(null);
    let live = true;
    import('./learner/LessonLearner').then(
      (m) => live && setMod(m),
      (e: unknown) => console.error('Could not load the learner controls', e),
    );
    return () => {
      live = false;
    };
  }, [status]);
  return mod;
}
