/**
 * What an editor route's handler checks beyond the router (functions/lib/http.ts), which has
 * already refused a request naming a language the caller may not edit: lists asked for without a
 * language are narrowed to the caller's, and a language found behind an id (a release, a Trash
 * entry) is checked. Each refusal names the right it needs (shared/roles.ts).
 */
import { mayEditLanguage, mayPublishPosts, OTHER_LANGUAGE_TEXT, PUBLISH_POSTS_TEXT, restoreRefusal, type Role } from '../../shared/roles.js';
import type { TrashEntry } from '../../shared/contracts/trash.js';
import { forbidden } from './errors.js';

export function requireLanguage(role: Role, language: string): void {
  if (!mayEditLanguage(role, language)) throw forbidden(OTHER_LANGUAGE_TEXT);
}

/** The blog right; `text` says what it is needed for (publishing by default). */
export function requirePublishPosts(role: Role, text = PUBLISH_POSTS_TEXT): void {
  if (!mayPublishPosts(role)) throw forbidden(text);
}

/** Putting a Trash entry back: what `restoreRefusal` allows (an editor: their languages' levels and lessons, posts). */
export function requireRestore(role: Role, entry: TrashEntry): void {
  const refusal = restoreRefusal(role, entry);
  if (refusal) throw forbidden(refusal);
}

/** The items of languages `role` may edit (all for an admin); items of no language (posts) stay. */
export function narrow<T>(role: Role, items: T[], languageOf: (item: T) => string | undefined): T[] {
  if (role.role === 'admin') return items;
  return items.filter((item) => {
    const language = languageOf(item);
    return language === undefined || mayEditLanguage(role, language);
  });
}
