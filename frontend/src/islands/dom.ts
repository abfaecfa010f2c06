/**
 * What every island shares. The attributes that tie the server's markup to the islands are named
 * in @shared/markup (ROOT.island, ROOT.mounted, ...), imported by both sides.
 */

/** What an island module exports: take over one root of its kind (it is already in the page). */
export type Mount = (root: HTMLElement) => void;

/** Sets the text of `root`'s first element matching `selector`, if it has one. */
export function setText(root: ParentNode, selector: string, text: string) {
  const el = root.querySelector(selector);
  if (el) el.textContent = text;
}
