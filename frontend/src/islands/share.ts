/**
 * 'Share' on each phrase row of a lesson page (markup: pages/course/PhraseShare.tsx, a <template>
 * cloned into every row). The link is the lesson page with the row's anchor: it opens the lesson at
 * that phrase, marked (:target) with its group's Play focused (phrase-link.ts). Web Share where the
 * browser has it (phones), else 'Copy link' with a toast; a clipboard that refuses shows the link.
 */
import { type Mount } from './dom';
import { toast } from './toast';
import { LEARNER, ROOT, SEARCH, sel } from '@shared/markup';

const canShare = () => typeof navigator.share === 'function';

async function share(row: HTMLElement) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = row.id;
  if (canShare()) {
    try {
      await navigator.share({ title: document.title, url: url.href });
      return;
    } catch (e) {
      // The visitor closed the share sheet: nothing to say. Any other refusal falls back to copying.
      if (e instanceof DOMException && e.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url.href);
    toast('Link copied', { body: 'It opens the lesson at this phrase.' });
  } catch {
    toast('Copy this link', { body: url.href });
  }
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(ROOT.mounted) || !(root instanceof HTMLTemplateElement)) return;
  root.setAttribute(ROOT.mounted, '');
  const label = canShare() ? 'Share this phrase' : 'Copy link to this phrase';
  document.querySelectorAll<HTMLElement>(sel(LEARNER.phrase)).forEach((row) => {
    const slot = row.querySelector(sel(LEARNER.phraseActions));
    const button = root.content.firstElementChild?.cloneNode(true);
    if (!slot || !(button instanceof HTMLButtonElement) || !row.id) return;
    button.setAttribute('aria-label', label);
    button.title = label;
    button.addEventListener('click', () => void share(row));
    slot.prepend(button);
    row.setAttribute(SEARCH.shared, '');
  });
};
