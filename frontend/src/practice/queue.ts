/**
 * The order of one practice session: each card once, and a card graded 'Again' back a few cards
 * later (at the end when fewer are left), until every card has had a passing grade. Pure, so the
 * session's rules are tested without a browser.
 */
export interface Queue {
  /** Card ids in the order they come; a card graded 'Again' appears again later. */
  readonly order: readonly string[];
  /** The position of the card shown now (order.length: the session is over). */
  readonly at: number;
  /** Cards graded Hard, Good or Easy. */
  readonly passed: ReadonlySet<string>;
}

/** Cards between a card graded 'Again' and its return, so it is not asked again at once. */
export const AGAIN_GAP = 3;

export const newQueue = (ids: readonly string[]): Queue => ({ order: [...new Set(ids)], at: 0, passed: new Set() });

export const current = (q: Queue): string | undefined => q.order[q.at];
export const isOver = (q: Queue) => q.at >= q.order.length;
/**
 * The progress line ('3 of 12') counts the cards shown: each tap moves it on by one, and an 'Again'
 * adds its card's return to the total ('2 of 5', Again, '3 of 6'), so a number never shows twice
 * for two different cards and the line ends at 'n of n'.
 */
export const total = (q: Queue) => q.order.length;
export const position = (q: Queue) => Math.min(q.at + 1, total(q));

/** The queue after the current card was graded (1 Again … 4 Easy). */
export function graded(q: Queue, rating: number): Queue {
  const id = current(q);
  if (id === undefined) return q;
  if (rating > 1) return { order: q.order, at: q.at + 1, passed: new Set([...q.passed, id]) };
  const order = [...q.order];
  order.splice(Math.min(order.length, q.at + 1 + AGAIN_GAP), 0, id);
  return { order, at: q.at + 1, passed: q.passed };
}

/**
 * The queue moved on one card without a grade (hands-free, the lock screen's next), which counts
 * as gone through, or back one (previous), which is then the card to learn again.
 */
export function moved(q: Queue, by: 1 | -1): Queue {
  const at = Math.max(0, Math.min(q.order.length, q.at + by));
  const passed = new Set(q.passed);
  const id = by === 1 ? current(q) : q.order[at];
  if (id !== undefined) {
    if (by === 1) passed.add(id);
    else passed.delete(id);
  }
  return { order: q.order, at, passed };
}
