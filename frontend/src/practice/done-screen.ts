/** 'Session complete': each card practised with its next review, the summary and the soonest review. */
import { doneSummary, nextReviewLine, soonest } from './summary';
import type { StoredCard } from './device-store';
import { inWords } from './due-words';
import { setText } from '../islands/dom';
import { cloneRow } from './screen-parts';

export function showDone(root: HTMLElement, { cards, again, graded }: { cards: StoredCard[]; again: number; graded: boolean }) {
  const now = new Date();
  root.querySelector('[data-learned]')?.replaceChildren(
    ...cards.flatMap((c) => {
      const row = cloneRow(root, 'learned');
      if (!row) return [];
      setText(row, '[data-original]', c.original_text);
      if (c.lang_tag) row.querySelector('[data-original]')?.setAttribute('lang', c.lang_tag);
      setText(row, '[data-translation]', c.translated_text);
      setText(row, '[data-when]', graded ? `Next review ${inWords(new Date(c.schedule.due), now)}` : '');
      return [row];
    }),
  );
  setText(root, '[data-done-summary]', doneSummary(cards.length, again, graded));
  setText(root, '[data-next-review]', nextReviewLine(soonest(cards.map((c) => c.schedule.due)), now, graded));
}
