/**
 * A list of cards on a public page (languages, levels, lessons, blog posts): one <li> per item in
 * the caller's grid, or the page's empty state instead of an empty list.
 */
import type { ReactNode } from 'react';
import { PageState } from './PageState';

export function CardList<T extends { id: string }>(props: {
  items: readonly T[];
  /** The grid (a makeStyles class, e.g. from cardGrid). */
  className: string;
  /** The list's accessible name. */
  label?: string;
  /** Shown when there are no items (none: an empty list). */
  empty?: { title?: string; text: string };
  children: (item: T) => ReactNode;
}) {
  if (!props.items.length && props.empty) return <PageState {...props.empty} />;
  return (
    <ul className={props.className} aria-label={props.label}>
      {props.items.map((item) => (
        <li key={item.id}>{props.children(item)}</li>
      ))}
    </ul>
  );
}
