/** The users resource: users as the back office lists them, and the admin-rights requests. */
import * as z from 'zod';
import { idParam } from './common.js';
import { cursorHash, cursorParam, emptyAsUndefined, limitParam, searchParam } from './paging.js';

export const REVIEWS_OWN_LANGUAGES_TEXT = 'A reviewer reviews only languages they also edit: tick the language too.';
/**
 * An editor's rights (shared/roles.ts): the languages whose course they edit, whether they publish
 * posts, and the languages whose drafts they review (docs/back-office.md "Reviews"), of those they edit.
 */
export const editorGrantSchema = z
  .object({
    languages: z
      .array(idParam, { error: 'Choose at least one language' })
      .min(1, 'Choose at least one language')
      .max(50, 'An editor can be given at most 50 languages')
      .transform((l) => [...new Set(l)].sort()),
    publish_posts: z.boolean({ error: 'publish_posts must be true or false' }),
    reviews: z
      .array(idParam, { error: 'reviews is a list of languages' })
      .max(50, 'A reviewer can be given at most 50 languages')
      .transform((l) => [...new Set(l)].sort())
      .default([]),
  })
  .refine((g) => g.reviews.every((l) => g.languages.includes(l)), { path: ['reviews'], message: REVIEWS_OWN_LANGUAGES_TEXT });
export type EditorGrant = z.output<typeof editorGrantSchema>;
export type EditorGrantInput = z.input<typeof editorGrantSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_metadata: z.object({ name: z.string().optional() }),
  email_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  is_admin: z.boolean(),
  /** The user's editor rights; null when they are no editor. */
  editor: editorGrantSchema.nullable(),
  enabled: z.boolean(),
  status: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/admin/admins: grant admin rights by e-mail. */
export const grantAdminSchema = z.object({
  email: z.string({ error: 'Please enter an email address' }).trim().min(1, 'Please enter an email address').max(254, 'Please enter an email address'),
});
export type GrantAdminInput = z.infer<typeof grantAdminSchema>;

/** A user that is not in the pool (or a `sub` that cannot be one): 404. */
export const USER_NOT_FOUND = 'User not found';
export const subParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w-]+$/, 'User not found');

/**
 * Where the next page of users starts: Cognito's own PaginationToken (`t`, opaque) for the whole
 * pool, or an offset (`o`) in the admins or editors group, which is read whole (it is small).
 */
const userCursor = z.object({ t: z.string().max(4096).optional(), o: z.number().int().min(0).max(100_000).optional(), h: cursorHash });
export type UserCursor = z.output<typeof userCursor>;
/** Cognito answers at most 60 users per ListUsers call. */
export const USER_PAGE = { default: 30, max: 60 } as const;
/** GET /api/admin/users: an e-mail prefix (Cognito's `email ^= "..."`), all users, admins or editors only, page size and cursor. */
export const userListQuerySchema = z.object({
  q: searchParam.transform((v) => v?.toLowerCase()),
  role: z.preprocess(emptyAsUndefined, z.enum(['all', 'admins', 'editors'], { error: 'role is all, admins or editors' }).default('all')),
  limit: limitParam(USER_PAGE.default, USER_PAGE.max),
  cursor: cursorParam(userCursor, 6000),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** POST /api/admin/admins answer: the user who was made admin. */
export const grantedAdminSchema = z.object({ id: z.string(), email: z.string() });
/** POST /api/me/make-admin answer: `changed` is false when the caller already was an admin. */
export const selfAdminSchema = z.object({ is_admin: z.literal(true), changed: z.boolean() });

export const INVALID_EMAIL_TEXT = 'Please enter a valid email address.';
/** An e-mail address as Cognito keeps it (the pool signs in case-insensitively; we store it in lower case). */
const inviteEmail = z.string({ error: INVALID_EMAIL_TEXT }).trim().toLowerCase().max(254, INVALID_EMAIL_TEXT).pipe(z.email(INVALID_EMAIL_TEXT));
/** POST /api/admin/invitations: invite someone by e-mail as an administrator, or as an editor of these languages. */
export const inviteSchema = z.discriminatedUnion(
  'role',
  [
    z.object({ email: inviteEmail, role: z.literal('admin') }),
    z.object({
      email: inviteEmail,
      role: z.literal('editor'),
      // Reviewers are named once someone is an editor (User Management's editor dialog).
      languages: editorGrantSchema.shape.languages,
      publish_posts: editorGrantSchema.shape.publish_posts.default(false),
    }),
  ],
  { error: 'Choose a role: administrator or editor' },
);
export type InviteInput = z.output<typeof inviteSchema>;
/** The invitation's answer: who was invited, and whether they had been invited before (the invitation was sent again). */
export const invitedSchema = z.object({ id: z.string(), email: z.string(), resent: z.boolean() });
export type Invited = z.infer<typeof invitedSchema>;
/** Status of a user who has not yet signed in with their temporary password (Cognito's UserStatus). */
export const PENDING_STATUS = 'FORCE_CHANGE_PASSWORD';
/** DELETE /api/admin/users/{sub}/access answer: `deleted` when a pending invitation was withdrawn with its account. */
export const removedAccessSchema = z.object({ email: z.string(), deleted: z.boolean() });
