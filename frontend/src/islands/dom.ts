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

/**
 * Sets a text only when it differs: the same text written again is a new text node all the same,
 * which the browser restyles and lays out again (a page's players at mount, a card's grade hints).
 */
export function changeText(el: Node | null | undefined, text: string) {
  if (el && el.textContent !== text) el.textContent = text;
}

/** changeText on `root`'s first element matching `selector`, if it has one. */
export function setTextIfChanged(root: ParentNode, selector: string, text: string) {
  changeText(root.querySelector(selector), text);
}

/** Sets an attribute only when its value differs (the server's markup already says most of them). */
export function changeAttr(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so the browser can answer a tap or paint between
 * two pieces of start-up work: a slow phone then sees several short tasks instead of one long one
 * (docs/rendering.md, 'What loads when'). `scheduler.yield()` resumes before other queued work where
 * the browser has it (Chromium); elsewhere a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
