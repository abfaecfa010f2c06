/** Catalogue order: by order_index with a missing one counting as 999, ties by title. */
export const UNORDERED = 999;

export function byOrder<T extends { order_index: number | null | undefined; title: string }>(a: T, b: T) {
  return (a.order_index ?? UNORDERED) - (b.order_index ?? UNORDERED) || a.title.localeCompare(b.title);
}
