/**
 * Roles are Cognito groups, so the same membership that signs a token is read again, live, by every
 * handler (functions/lib/membership.ts), with the admins' revocation guarantees:
 * - `admins`: administrators, who may do everything;
 * - `editors`: editors of the course content of the languages they were given, one group per
 *   language (`editors#es`), and of blog posts; `editors+posts` lets them publish posts too;
 * - `reviewers#es`: reviewers of a language (docs/back-office.md "Reviews"), always editors of it too:
 *   while a language has one, its drafts are published only once a reviewer approved them.
 * Language ids are slugs ([a-z0-9-]), so no language group can be taken for another group.
 * Shared by the functions (what is allowed) and the back office (what is shown).
 */
import { ADMIN_GROUP } from './product.js';

export const EDITOR_GROUP = 'editors';
export const EDITOR_POSTS_GROUP = 'editors+posts';
const LANGUAGE_GROUP_PREFIX = 'editors#';
const REVIEWER_GROUP_PREFIX = 'reviewers#';
export const editorLanguageGroup = (language: string) => `${LANGUAGE_GROUP_PREFIX}${language}`;
export const reviewerLanguageGroup = (language: string) => `${REVIEWER_GROUP_PREFIX}${language}`;
/** The groups an editor's rights are made of (taken away together when they stop being one). */
export const isEditorGroup = (group: string) =>
  group === EDITOR_GROUP || group === EDITOR_POSTS_GROUP || group.startsWith(LANGUAGE_GROUP_PREFIX) || group.startsWith(REVIEWER_GROUP_PREFIX);

/** What a signed-in person may do in the back office. `reviews`: the languages whose drafts they approve. */
export type Role =
  { role: 'admin' } | { role: 'editor'; languages: readonly string[]; publish_posts: boolean; reviews: readonly string[] } | { role: 'learner' };

const suffixes = (groups: readonly string[], prefix: string) => groups.filter((g) => g.startsWith(prefix)).map((g) => g.slice(prefix.length));

export function roleOf(groups: readonly string[]): Role {
  if (groups.includes(ADMIN_GROUP)) return { role: 'admin' };
  if (!groups.includes(EDITOR_GROUP)) return { role: 'learner' };
  const languages = suffixes(groups, LANGUAGE_GROUP_PREFIX).sort();
  // A reviewer reads the draft where its editors do: a review group without the language's editor group gives nothing.
  const reviews = suffixes(groups, REVIEWER_GROUP_PREFIX)
    .filter((l) => languages.includes(l))
    .sort();
  return { role: 'editor', languages, publish_posts: groups.includes(EDITOR_POSTS_GROUP), reviews };
}

/** Whether `role` may change the course content of `language`. */
export const mayEditLanguage = (role: Role, language: string) => role.role === 'admin' || (role.role === 'editor' && role.languages.includes(language));
/** Whether `role` may answer a review request of `language`'s drafts: an administrator, or one of its reviewers. */
export const mayReview = (role: Role, language: string) => role.role === 'admin' || (role.role === 'editor' && role.reviews.includes(language));
/** Whether `role` may make a blog post public (publish, schedule, edit or delete a published post). */
export const mayPublishPosts = (role: Role) => role.role === 'admin' || (role.role === 'editor' && role.publish_posts);
/** Whether `role` may delete `post`: a draft, any editor; a published post, only with the blog right. */
export const mayDeletePost = (role: Role, post: { published: boolean }) => !post.published || mayPublishPosts(role);

/**
 * The 403 texts of an editor outside what they were given: each names the right the refused action
 * needs, so the screen can say it where it hides the control and the API where it refuses the call.
 */
export const OTHER_LANGUAGE_TEXT = 'Needs the right to edit this language: you can only change the languages an administrator gave you.';
/** The right to publish posts, as User Management's editor dialog names it. */
export const BLOG_RIGHT = "the blog right ('May publish blog posts')";
export const PUBLISH_POSTS_TEXT = `Publishing a blog post needs ${BLOG_RIGHT}.`;
export const CHANGE_PUBLISHED_POST_TEXT = `Changing a published post needs ${BLOG_RIGHT}: save your changes as a draft instead.`;
export const DELETE_PUBLISHED_POST_TEXT = `Deleting a published post needs ${BLOG_RIGHT}.`;
export const RESTORE_PUBLISHED_POST_TEXT = `Restoring a published post needs ${BLOG_RIGHT}.`;
export const RESTORE_LANGUAGE_TEXT = 'Restoring a language needs administrator rights, as adding one does.';

/** What the Trash knows of a deleted thing that decides who may put it back (shared/contracts/trash.ts). */
interface Trashed {
  kind: 'language' | 'level' | 'lesson' | 'post';
  language_id?: string;
  /** A post: whether it was public when deleted (unknown on older entries: treated as public). */
  published?: boolean;
}

/**
 * Why `role` may not put `entry` back, or undefined when it may: a language comes back only by an
 * administrator (editors cannot add languages); a level or lesson by an editor of its language; a
 * post that was public (or may have been) only with the blog right, since it comes back public.
 */
export function restoreRefusal(role: Role, entry: Trashed): string | undefined {
  if (role.role === 'admin') return undefined;
  if (entry.kind === 'language') return RESTORE_LANGUAGE_TEXT;
  if (entry.kind === 'post') return entry.published === false || mayPublishPosts(role) ? undefined : RESTORE_PUBLISHED_POST_TEXT;
  return entry.language_id !== undefined && mayEditLanguage(role, entry.language_id) ? undefined : OTHER_LANGUAGE_TEXT;
}
