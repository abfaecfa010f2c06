/** /api/blog: public list and post page (published only); admin list (search, status, sort, pages), create, update, delete. */
import { decodePath } from '../routes.js';
import { createPost, deletePost, getPost, getPublishedPage, listPublished, pageAdminPosts, updatePost } from '../data/blog.js';
import { json, requireCaller, router } from '../lib/http.js';
import { PUBLIC_CACHE } from '../lib/caching.js';
import { notFound } from '../lib/errors.js';
import { POST_NOT_FOUND } from '../../shared/contracts/blog.js';
import { currentGroups } from '../lib/membership.js';
import { requirePublishPosts } from '../lib/access.js';
import { CHANGE_PUBLISHED_POST_TEXT, DELETE_PUBLISHED_POST_TEXT } from '../../shared/roles.js';
import { nameOf, recordAudit } from '../services/audit.js';
import { siteChanged } from '../services/site-changes.js';

export const handler = router(
  {
    'GET /api/blog': async ({ query }) => json(200, await listPublished(query.limit), PUBLIC_CACHE),

    'GET /api/blog/{slug}': async ({ params }) => {
      // Slugs never contain '%': a still-encoded one (if the gateway left it so) is decoded once.
      const slug = params.slug.includes('%') ? decodePath(params.slug) : params.slug;
      const page = slug ? await getPublishedPage(slug) : undefined;
      if (!page) throw notFound(POST_NOT_FOUND);
      return json(200, page, PUBLIC_CACHE);
    },

    'GET /api/admin/blog': async ({ query }) => pageAdminPosts(query),

    // An editor without the right to publish posts writes drafts only: a published post changes only through its pending draft.
    'POST /api/admin/blog': async ({ body: input, caller, role }) => {
      if (input.published) requirePublishPosts(role);
      const post = await createPost(input, requireCaller(caller).sub);
      await siteChanged({ kind: 'post', after: post });
      return json(201, post);
    },

    'PUT /api/admin/blog/{id}': async ({ params: { id }, body: input, role, audit }) => {
      const before = await getPost(id);
      if (before?.published || input.published) requirePublishPosts(role, before?.published ? CHANGE_PUBLISHED_POST_TEXT : undefined);
      audit({ before });
      const post = await updatePost(id, input);
      if (!post) throw notFound(POST_NOT_FOUND);
      await siteChanged({ kind: 'post', before, after: post });
      return post;
    },

    'DELETE /api/admin/blog/{id}': async ({ params, audit, caller, role }) => {
      const before = await getPost(params.id);
      if (before?.published) requirePublishPosts(role, DELETE_PUBLISHED_POST_TEXT);
      audit({ before });
      if (!before || !(await deletePost(before.id, await nameOf(requireCaller(caller))))) throw notFound(POST_NOT_FOUND);
      await siteChanged({ kind: 'post', before });
      return json(204, undefined);
    },
  },
  { currentGroups, audit: recordAudit },
);
