/**
 * The attributes that tie server-rendered markup to the islands' scripts: one name each, read by
 * the React components that write them (server or back office) and the scripts that act on them.
 */
export const ISLAND = 'data-island';
/** Set on an island's root once its script has taken over. */
export const MOUNTED = 'data-mounted';
/** Set by an island whose control is invisible (its place kept) until it works, e.g. 'Download for offline'. */
export const READY = 'data-ready';

/** What an island module exports: take over one root of its kind (it is already in the page). */
export type Mount = (root: HTMLElement) => void;

/** Sets the text of `root`'s first element matching `selector`, if it has one. */
export function setText(root: ParentNode, selector: string, text: string) {
  const el = root.querySelector(selector);
  if (el) el.textContent = text;
}
