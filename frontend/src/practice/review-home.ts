/**
 * /review's home: what is due on this device, per language, each with 'Start review'; with
 * nothing due, when the next card is. A signed-in visitor can practise their favourites as a deck.
 */
import type { Favorite } from '@shared/contracts/me';
import { api } from '@shared/urls';
import { apiFetch } from '../api/client';
import { deckCard, type DeckCard } from './deck';
import { allCards } from './device-store';
import { dueByLanguage, dueCount, nextDueLine, soonest } from './summary';
import { setText } from '../islands/dom';
import { cloneRow } from './screen-parts';
import type { Session } from './session';
import { sync } from './review-sync';
import { PRACTICE, sel } from '@shared/markup';
import { reminders } from './reminder-gate';

export async function showHome(session: Session) {
  const { root, done } = session.ui;
  const home = root.querySelector<HTMLElement>(sel(PRACTICE.reviewHome));
  if (!home) return;
  session.sessionParts().forEach((el) => (el.hidden = true));
  done.hidden = true;
  home.hidden = false;
  await sync();
  const all = await allCards();
  const now = new Date();
  const groups = dueByLanguage(all, now);
  const list = root.querySelector<HTMLElement>(sel(PRACTICE.dueList));
  list?.replaceChildren(
    ...groups.flatMap((of) => {
      const row = cloneRow(root, 'due');
      if (!row) return [];
      setText(row, sel(PRACTICE.language), of[0].language_name);
      setText(row, sel(PRACTICE.count), dueCount(of.length));
      const button = row.querySelector<HTMLElement>(sel(PRACTICE.start));
      button?.setAttribute('aria-label', `Start review: ${of[0].language_name}`);
      button?.addEventListener('click', () => void session.start(of));
      return [row];
    }),
  );
  if (list) list.hidden = !groups.length;
  const nothing = root.querySelector<HTMLElement>(sel(PRACTICE.nothing));
  if (nothing) nothing.hidden = groups.length > 0;
  setText(root, sel(PRACTICE.nextDue), nextDueLine(soonest(all.map((c) => c.schedule.due)), now));
  const loading = root.querySelector<HTMLElement>(sel(PRACTICE.loading));
  if (loading) loading.hidden = true;
  reminders(home);
  // The goal, the calendar and the backup: their own module, so the practice page never loads it.
  await import('./keep-home')
    .then((m) => m.showKeep(root, all, session.settings, () => showHome(session)))
    .catch((e: unknown) => console.error('Keep my progress could not load', e));
}

/** A signed-in visitor's favourite phrases as one deck (named by the language names the device knows). */
async function favoritesDeck(): Promise<DeckCard[]> {
  const [favorites, known] = await Promise.all([apiFetch<Favorite[]>(api.favorites, { auth: true }), allCards()]);
  const names = new Map(known.map((c) => [c.language_id, c.language_name]));
  // The phrase's language for screen readers and voices, as the device's cards of it know it.
  const tags = new Map(known.flatMap((c) => (c.lang_tag ? [[c.language_id, c.lang_tag] as const] : [])));
  const name = (id: string) => names.get(id) ?? id.charAt(0).toUpperCase() + id.slice(1);
  return favorites.map((f) => deckCard(f, name(f.language_id), tags.get(f.language_id)));
}

/** 'Practise your favourites', shown to a signed-in visitor. */
export function offerFavorites(session: Session) {
  const button = session.ui.root.querySelector<HTMLElement>(sel(PRACTICE.favorites));
  if (!button) return;
  button.hidden = false;
  const practise = async () => {
    const deck = await favoritesDeck();
    if (deck.length) await session.start(deck);
  };
  button.addEventListener('click', () => void practise().catch((e: unknown) => console.error('Favourites could not load', e)));
}
