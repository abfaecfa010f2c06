/**
 * What an editor route's handler checks beyond the router (functions/lib/http.ts), which has
 * already refused a request naming a language the caller may not edit: lists asked for without a
 * language are narrowed to the caller's, and a language found behind an id (a release) is checked.
 */
import { mayEditLanguage, mayPublishPosts, OTHER_LANGUAGE_TEXT, PUBLISH_POSTS_TEXT, type Role } from '../../shared/roles.js';
import { forbidden } from './errors.js';

export function requireLanguage(role: Role, language: string): void {
  if (!mayEditLanguage(role, language)) throw forbidden(OTHER_LANGUAGE_TEXT);
}

export function requirePublishPosts(role: Role): void {
  if (!mayPublishPosts(role)) throw forbidden(PUBLISH_POSTS_TEXT);
}

/** The items of languages `role` may edit (all for an admin); items of no language (posts) stay. */
export function narrow<T>(role: Role, items: T[], languageOf: (item: T) => string | undefined): T[] {
  if (role.role === 'admin') return items;
  return items.filter((item) => {
    const language = languageOf(item);
    return language === undefined || mayEditLanguage(role, language);
  });
}
