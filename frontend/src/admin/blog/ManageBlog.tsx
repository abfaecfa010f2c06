/**
 * Blog management: every post (drafts too) a page at a time from the API, with a title search, a
 * status filter and newest/oldest order kept in the URL (`?q=&status=&sort=oldest`); View, Edit and
 * Delete per row (with Undo; no Delete on a published post without the blog right), and the post editor.
 */
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { BlogPost } from '@shared/contracts/blog';
import { BLOG_RIGHT, mayPublishPosts } from '@shared/roles';
import { TRASH_KEEP_DAYS } from '@shared/contracts/trash';
import { deleteBlogPost, useAdminBlogPages, useBlogTotal } from '../../api/blog';
import { useAuth } from '../../auth/AuthContext';
import { AdminList } from '../components/AdminList';
import { AdminSection } from '../components/AdminSection';
import { ListFilter, ListToolbar } from '../components/ListToolbar';
import { useDebounced } from '../components/useDebounced';
import { useListParams } from '../components/useListParams';
import { useTrashDelete } from '../components/useTrashDelete';
import { BlogPostDialog } from './BlogPostDialog';
import { usePostColumns } from './postColumns';

const useStyles = makeStyles({
  total: { margin: 0 },
  right: { margin: 0, color: tokens.colorNeutralForeground2 },
  action: { minHeight: '44px' },
});

const PARAMS = ['q', 'status', 'sort'] as const;
const EMPTY = 'No blog posts yet. Click "New Post" to create your first blog post.';

export default function ManageBlog() {
  const s = useStyles();
  const mayPublish = mayPublishPosts(useAuth().role);
  const [params, setParams] = useListParams(PARAMS);
  const q = useDebounced(params.q.trim(), 200);
  const status = params.status === 'published' || params.status === 'draft' ? params.status : undefined;
  const oldest = params.sort === 'created';
  const list = useAdminBlogPages({ q, status, sort: oldest ? 'oldest' : 'newest' });
  const [dialog, setDialog] = useState<{ open: boolean; post?: BlogPost }>({ open: false });
  // 'Total blog posts' counts every post, whatever the search or filter shows.
  const total = useBlogTotal().data?.total;

  const deletion = useTrashDelete<BlogPost>({
    title: () => 'Delete blog post?',
    // The spec's question; its 'This action cannot be undone.' is no longer true (docs/back-office.md "Trash").
    text: `Are you sure you want to delete this blog post? It goes to the Trash and can be put back from there for ${TRASH_KEEP_DAYS} days, or with Undo right after.`,
    remove: (p) => ({
      work: () => deleteBlogPost(p.id),
      ok: 'Blog post deleted successfully',
      failed: (e) => `Error deleting blog post: ${(e as Error).message}`,
      bare: () => true,
    }),
    trashRef: (p) => ({ kind: 'post', post_id: p.id }),
    restored: (p) => `Restored blog post "${p.title}"`,
    restoreFailed: 'Failed to restore blog post',
  });
  const columns = usePostColumns({ onEdit: (post) => setDialog({ open: true, post }), onDelete: deletion.ask });

  const searching = !!(q || status);
  return (
    <AdminSection
      id="manage-blog"
      title="Blog Management"
      below={
        <>
          {total !== undefined && (
            <Body1 as="p" block className={s.total}>
              Total blog posts: {total}
            </Body1>
          )}
          {!mayPublish && (
            <Body1 as="p" block className={s.right}>
              Publishing a post, and changing or deleting a published one, needs {BLOG_RIGHT}, which an administrator gives. Your changes to a published post
              are kept as its draft.
            </Body1>
          )}
        </>
      }
      actions={
        <Button className={s.action} appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ open: true })}>
          New Post
        </Button>
      }
    >
      <ListToolbar
        q={params.q}
        onSearch={(v) => setParams({ q: v })}
        placeholder="Search by title"
        count={searching && !list.loading ? `${list.items.length}${list.hasMore ? '+' : ''} matching` : undefined}
      >
        <ListFilter
          label="Status"
          allLabel="All posts"
          value={status ?? ''}
          onChange={(v) => setParams({ status: v })}
          options={[
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Draft' },
          ]}
        />
        <ListFilter
          label="Order"
          allLabel="Newest first"
          value={oldest ? 'created' : ''}
          onChange={(v) => setParams({ sort: v })}
          options={[{ value: 'created', label: 'Oldest first' }]}
        />
      </ListToolbar>
      <AdminList
        label="Blog posts"
        pages={list}
        columns={columns}
        getRowId={(p) => p.id}
        empty={searching ? 'No blog posts match your search.' : EMPTY}
        failed={list.error && 'Blog posts could not be loaded. Please try again later.'}
        sort={{ column: 'created', direction: oldest ? 'ascending' : 'descending' }}
        onSortChange={(next) => setParams({ sort: next.direction === 'ascending' ? 'created' : '' })}
      />
      <BlogPostDialog open={dialog.open} post={dialog.post} onClose={() => setDialog({ open: false })} />
      {deletion.dialog}
    </AdminSection>
  );
}
