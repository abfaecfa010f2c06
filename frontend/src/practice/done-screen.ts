/** 'Session complete': each card practised with its next review, the summary and the soonest review. */
import { doneSummary, nextReviewLine, soonest } from './summary';
import type { StoredCard } from './device-store';
import { inWords } from './due-words';
import { setText } from '../islands/dom';
import { cloneRow } from './screen-parts';
import { PRACTICE, sel } from '@shared/markup';

export function showDone(root: HTMLElement, { cards, again, graded }: { cards: StoredCard[]; again: number; graded: boolean }) {
  const now = new Date();
  root.querySelector(sel(PRACTICE.learned))?.replaceChildren(
    ...cards.flatMap((c) => {
      const row = cloneRow(root, 'learned');
      if (!row) return [];
      setText(row, sel(PRACTICE.original), c.original_text);
      if (c.lang_tag) row.querySelector(sel(PRACTICE.original))?.setAttribute('lang', c.lang_tag);
      setText(row, sel(PRACTICE.translation), c.translated_text);
      setText(row, sel(PRACTICE.when), graded ? `Next review ${inWords(new Date(c.schedule.due), now)}` : '');
      return [row];
    }),
  );
  setText(root, sel(PRACTICE.doneSummary), doneSummary(cards.length, again, graded));
  setText(root, sel(PRACTICE.nextReview), nextReviewLine(soonest(cards.map((c) => c.schedule.due)), now, graded));
}
