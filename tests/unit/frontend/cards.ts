/**
 * The device store's cards for the practice tests: phrase `n` of Spanish › Beginner › Greetings,
 * new at `start`, then graded at each instant with its rating (its FSRS log as the island keeps it).
 */
import { newSchedule, review } from '@shared/schedule';
import type { StoredCard } from '../../../frontend/src/practice/device-store';

export function gradedCard(n: number, start: Date, grades: [when: Date, rating: number][] = []): StoredCard {
  let schedule = newSchedule(start);
  const log = grades.map(([when, rating]) => {
    const r = review(schedule, rating, when);
    schedule = r.schedule;
    return r.entry;
  });
  return {
    language_id: 'spanish',
    level_id: 'beginner',
    lesson_id: 'greetings',
    phrase_id: `P${n}`,
    id: `spanish/beginner/greetings/P${n}`,
    original_text: `Frase ${n}`,
    translated_text: `Phrase ${n}`,
    audio_url: `/media/p${n}.mp3`,
    language_name: 'Spanish',
    schedule,
    log,
  };
}
