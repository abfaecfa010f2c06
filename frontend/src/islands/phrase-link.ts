/**
 * A link to a phrase (`/{language}/{level}/{lesson}#p-{id}`: a search result, a shared link). The
 * browser scrolls to the row and its :target style marks it, with or without script; this makes its
 * group ready to play: the group opened and its Play focused (Space or Enter plays it). In the loader,
 * so it is ready as the page shows; again on every change of the hash (a result of the same lesson).
 */
import { LEARNER, ROOT, sel } from '@shared/markup';

function readyLinkedPhrase() {
  let id = '';
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return; // not a phrase's anchor
  }
  const row = id ? document.getElementById(id) : null;
  if (!row?.hasAttribute(LEARNER.phrase)) return;
  const group = row.closest('details');
  if (group) group.open = true;
  group?.querySelector<HTMLElement>(sel(ROOT.play))?.focus({ preventScroll: true });
  row.scrollIntoView({ block: 'center' });
}

/**
 * After the `load` event: the browser moves to the page's anchor while the page loads, and Chromium
 * then clears the focus when the anchor's element cannot take it (a row cannot), which would undo ours.
 */
export function followPhraseLinks() {
  const later = () => setTimeout(readyLinkedPhrase, 0);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  window.addEventListener('hashchange', readyLinkedPhrase);
}
