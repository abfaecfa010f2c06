/**
 * Roles are Cognito groups, so the same membership that signs a token is read again, live, by every
 * handler (functions/lib/membership.ts), with the admins' revocation guarantees:
 * - `admins`: administrators, who may do everything;
 * - `editors`: editors of the course content of the languages they were given, one group per
 *   language (`editors#es`), and of blog posts; `editors+posts` lets them publish posts too.
 * Language ids are slugs ([a-z0-9-]), so no language group can be taken for another group.
 * Shared by the functions (what is allowed) and the back office (what is shown).
 */
import { ADMIN_GROUP } from './product.js';

export const EDITOR_GROUP = 'editors';
export const EDITOR_POSTS_GROUP = 'editors+posts';
const LANGUAGE_GROUP_PREFIX = 'editors#';
export const editorLanguageGroup = (language: string) => `${LANGUAGE_GROUP_PREFIX}${language}`;
export const isEditorGroup = (group: string) => group === EDITOR_GROUP || group === EDITOR_POSTS_GROUP || group.startsWith(LANGUAGE_GROUP_PREFIX);

/** What a signed-in person may do in the back office. */
export type Role = { role: 'admin' } | { role: 'editor'; languages: readonly string[]; publish_posts: boolean } | { role: 'learner' };

export function roleOf(groups: readonly string[]): Role {
  if (groups.includes(ADMIN_GROUP)) return { role: 'admin' };
  if (!groups.includes(EDITOR_GROUP)) return { role: 'learner' };
  const languages = groups.filter((g) => g.startsWith(LANGUAGE_GROUP_PREFIX)).map((g) => g.slice(LANGUAGE_GROUP_PREFIX.length));
  return { role: 'editor', languages: languages.sort(), publish_posts: groups.includes(EDITOR_POSTS_GROUP) };
}

/** Whether `role` may change the course content of `language`. */
export const mayEditLanguage = (role: Role, language: string) => role.role === 'admin' || (role.role === 'editor' && role.languages.includes(language));
/** Whether `role` may make a blog post public (publish, schedule, edit or delete a published post). */
export const mayPublishPosts = (role: Role) => role.role === 'admin' || (role.role === 'editor' && role.publish_posts);

/** The 403 texts of an editor outside what they were given. */
export const OTHER_LANGUAGE_TEXT = 'You can only edit the languages you were given.';
export const PUBLISH_POSTS_TEXT = 'Publishing blog posts needs the permission of an administrator.';
