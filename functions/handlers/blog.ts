/** /api/blog: public list and post page (published only); admin list, create, update, delete. */
import { createPost, deletePost, getPublishedPage, listAll, listPublished, POST_NOT_FOUND, updatePost } from '../data/blog.js';
import { json, notFound, parse, router } from '../lib/http.js';
import { blogIdParam, blogPostCreateSchema, blogPostUpdateSchema, blogSlugParam } from '../shared/site-schemas.js';
import * as z from 'zod';

const PUBLIC_CACHE = { 'cache-control': 'public, max-age=0, s-maxage=10, stale-while-revalidate=30' };
const limitParam = z.coerce.number().int().min(1).max(100).optional();
const postId = (id: string | undefined) => {
  const r = blogIdParam.safeParse(id);
  if (!r.success) throw notFound(POST_NOT_FOUND);
  return r.data;
};

export const handler = router({
  'GET /api/blog': async ({ query }) => json(200, await listPublished(parse(limitParam, query.limit)), PUBLIC_CACHE),

  'GET /api/blog/{slug}': async ({ params }) => {
    const r = blogSlugParam.safeParse(params.slug);
    // Slugs never contain '%': a still-encoded one (if the gateway left it so) is decoded once.
    const slug = r.success && r.data.includes('%') ? safeDecode(r.data) : r.data;
    const page = slug ? await getPublishedPage(slug) : undefined;
    if (!page) throw notFound(POST_NOT_FOUND);
    return json(200, page, PUBLIC_CACHE);
  },

  'GET /api/admin/blog': async () => listAll(),

  'POST /api/admin/blog': async ({ body, caller }) => json(201, await createPost(parse(blogPostCreateSchema, body ?? {}), caller!.sub)),

  'PUT /api/admin/blog/{id}': async ({ params, body }) => {
    const post = await updatePost(postId(params.id), parse(blogPostUpdateSchema, body ?? {}));
    if (!post) throw notFound(POST_NOT_FOUND);
    return post;
  },

  'DELETE /api/admin/blog/{id}': async ({ params }) => {
    if (!(await deletePost(postId(params.id)))) throw notFound(POST_NOT_FOUND);
    return json(204, undefined);
  },
});

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
