/** The site around the course: settings, the blog, support and analytics, users, invitations and admin rights, and the Trash. */
import * as z from 'zod';
import { analyticsBatchSchema, analyticsDaySchema } from '../../shared/contracts/analytics.js';
import { TRASH_GONE_TEXT, trashEntrySchema, trashListSchema } from '../../shared/contracts/trash.js';
import {
  adminBlogQuerySchema,
  blogListQuerySchema,
  blogPostCreateSchema,
  blogPostPageSchema,
  blogPostSchema,
  blogPostUpdateSchema,
  POST_NOT_FOUND,
} from '../../shared/contracts/blog.js';
import { pageSchema } from '../../shared/contracts/paging.js';
import { settingsAnswerSchema, settingsUpdateSchema, siteSettingsSchema } from '../../shared/contracts/settings.js';
import { supportSchema, supportSentSchema } from '../../shared/contracts/support.js';
import {
  adminUserSchema,
  editorGrantSchema,
  grantAdminSchema,
  grantedAdminSchema,
  invitedSchema,
  inviteSchema,
  removedAccessSchema,
  selfAdminSchema,
  USER_NOT_FOUND,
  userListQuerySchema,
} from '../../shared/contracts/users.js';
import { r, postPath, slugPath, userPath, trashPath } from './define.js';

export const siteRoutes = [
  // Site settings (the public read is also what the embed banner fetches, with CORS)
  r('GET', '/api/settings', 'settings', 'public', { response: settingsAnswerSchema, summary: 'Read the site settings' }),
  r('PUT', '/api/settings', 'settings', 'admin', {
    changes: ['settings'],
    response: siteSettingsSchema,
    summary: 'Update some site settings',
    body: settingsUpdateSchema,
    errors: [409],
  }),

  // Blog
  r('GET', '/api/blog', 'blog', 'public', { response: z.array(blogPostSchema), summary: 'List the published posts, newest first', query: blogListQuerySchema }),
  r('GET', '/api/blog/{slug}', 'blog', 'public', {
    response: blogPostPageSchema,
    summary: 'Read a published post with its sample phrases',
    params: slugPath,
    paramsNotFound: POST_NOT_FOUND,
  }),
  r('GET', '/api/admin/blog', 'blog', 'editor', {
    response: pageSchema(blogPostSchema),
    summary: 'A page of posts, drafts included: title search `q`, `status`, `sort`, `limit`, `cursor` (answers {items, cursor, total})',
    query: adminBlogQuerySchema,
  }),
  r('POST', '/api/admin/blog', 'blog', 'editor', {
    changes: ['post'],
    response: blogPostSchema,
    summary: 'Create a post',
    body: blogPostCreateSchema,
    status: 201,
    errors: [409],
  }),
  r('PUT', '/api/admin/blog/{id}', 'blog', 'editor', {
    changes: ['post'],
    response: blogPostSchema,
    summary: 'Update a post (optimistic: `version`)',
    params: postPath,
    paramsNotFound: POST_NOT_FOUND,
    body: blogPostUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/admin/blog/{id}', 'blog', 'editor', { changes: ['post'], summary: 'Delete a post', params: postPath, paramsNotFound: POST_NOT_FOUND }),

  // Support messages and first-party analytics
  r('POST', '/api/support', 'support', 'public', {
    changes: 'nothing',
    response: supportSentSchema,
    summary: 'Send a message to support',
    body: supportSchema,
    status: 201,
    errors: [502],
  }),
  r('POST', '/api/analytics', 'analytics', 'public', {
    changes: 'nothing',
    summary: 'Record a batch of analytics events and practice grades (daily counts only)',
    body: analyticsBatchSchema,
    status: 204,
  }),
  r('GET', '/api/admin/analytics', 'analytics', 'admin', { response: z.array(analyticsDaySchema), summary: 'Daily analytics counts of the last 30 days' }),

  // Users and admin rights
  r('GET', '/api/admin/users', 'users', 'admin', {
    response: pageSchema(adminUserSchema),
    summary: 'A page of users with their admin flag: e-mail prefix `q`, `role`, `limit`, `cursor` (answers {items, cursor, total})',
    query: userListQuerySchema,
  }),
  r('POST', '/api/admin/users/{sub}/admin', 'users', 'admin', {
    changes: 'nothing',
    summary: 'Grant a user admin rights',
    status: 204,
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
  }),
  r('DELETE', '/api/admin/users/{sub}/admin', 'users', 'admin', {
    changes: 'nothing',
    summary: "Remove a user's admin rights (not your own)",
    errors: [400],
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
  }),
  r('PUT', '/api/admin/users/{sub}/editor', 'users', 'admin', {
    changes: 'nothing',
    response: editorGrantSchema,
    summary: 'Make a user an editor of these languages (or change them); `publish_posts` lets them publish blog posts',
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
    body: editorGrantSchema,
    errors: [409],
  }),
  r('DELETE', '/api/admin/users/{sub}/editor', 'users', 'admin', {
    changes: 'nothing',
    summary: "Remove a user's editor rights and sign them out everywhere",
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
  }),
  r('POST', '/api/admin/admins', 'users', 'admin', {
    changes: 'nothing',
    response: grantedAdminSchema,
    summary: 'Grant admin rights by e-mail',
    body: grantAdminSchema,
    errors: [404],
  }),
  // Inviting the team (docs/back-office.md "Inviting the team"): Cognito mails a temporary password
  r('POST', '/api/admin/invitations', 'users', 'admin', {
    changes: 'nothing',
    response: invitedSchema,
    summary: 'Invite someone by e-mail as an administrator or an editor of these languages (201; 200 when a pending invitee is invited again)',
    body: inviteSchema,
    status: 201,
    errors: [409],
  }),
  r('POST', '/api/admin/users/{sub}/invitation', 'users', 'admin', {
    changes: 'nothing',
    summary: 'Send the invitation again, with a new temporary password, to someone who has not signed in yet',
    status: 204,
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
    errors: [409],
  }),
  r('DELETE', '/api/admin/users/{sub}/access', 'users', 'admin', {
    changes: 'nothing',
    response: removedAccessSchema,
    summary: "Remove a user's admin and editor rights and sign them out (not your own); a pending invitation is withdrawn (the account deleted)",
    status: 200,
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
    errors: [400],
  }),
  r('POST', '/api/me/make-admin', 'users', 'user', {
    changes: 'nothing',
    response: selfAdminSchema,
    summary: 'Make yourself admin while the site has no administrator',
    errors: [403],
  }),

  // The Trash (docs/back-office.md "Trash"): what was deleted in the last 30 days, and putting it back;
  // an editor's: their languages' entries and the posts (the handler narrows and checks each restore)
  r('GET', '/api/admin/trash', 'trash', 'editor', {
    response: trashListSchema,
    summary: "What was deleted in the last 30 days, newest first (an editor's: their languages and the posts)",
  }),
  r('POST', '/api/admin/trash/{id}/restore', 'trash', 'editor', {
    changes: ['items'],
    response: trashEntrySchema,
    summary: 'Put a deleted language, level, lesson or post back exactly as it was (409 when its ID is taken again; 403 naming the right an editor lacks)',
    errors: [404, 409],
    params: trashPath,
    paramsNotFound: TRASH_GONE_TEXT,
  }),
] as const;
