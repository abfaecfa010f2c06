/**
 * Blog management: every post (drafts too) a page at a time from the API, with a title search, a
 * status filter and newest/oldest order kept in the URL (`?q=&status=&sort=oldest`); View, Edit and
 * Delete per row, and the post editor.
 */
import { Body1, Button, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { BlogPost } from '@shared/contracts/blog';
import { deleteBlogPost, useAdminBlogPages, useBlogTotal } from '../../api/blog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { AdminList } from '../components/AdminList';
import { AdminSection } from '../components/AdminSection';
import { ListFilter, ListToolbar } from '../components/ListToolbar';
import { useDebounced } from '../components/useDebounced';
import { useListParams } from '../components/useListParams';
import { BlogPostDialog } from './BlogPostDialog';
import { usePostColumns } from './postColumns';

const useStyles = makeStyles({
  total: { margin: 0 },
  action: { minHeight: '44px' },
});

const PARAMS = ['q', 'status', 'sort'] as const;
const EMPTY = 'No blog posts yet. Click "New Post" to create your first blog post.';

export default function ManageBlog() {
  const s = useStyles();
  const notify = useNotify();
  const [params, setParams] = useListParams(PARAMS);
  const q = useDebounced(params.q.trim(), 200);
  const status = params.status === 'published' || params.status === 'draft' ? params.status : undefined;
  const oldest = params.sort === 'created';
  const list = useAdminBlogPages({ q, status, sort: oldest ? 'oldest' : 'newest' });
  const [dialog, setDialog] = useState<{ open: boolean; post?: BlogPost }>({ open: false });
  const [toDelete, setToDelete] = useState<BlogPost>();
  const [deleting, setDeleting] = useState(false);
  // 'Total blog posts' counts every post, whatever the search or filter shows.
  const total = useBlogTotal().data?.total;

  const columns = usePostColumns({ onEdit: (post) => setDialog({ open: true, post }), onDelete: setToDelete });

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteBlogPost(toDelete.id);
      notify('Blog post deleted successfully');
    } catch (e) {
      notify(`Error deleting blog post: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

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
      <ConfirmDialog
        open={!!toDelete}
        title="Delete blog post?"
        text="Are you sure you want to delete this blog post? This action cannot be undone."
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(undefined)}
      />
    </AdminSection>
  );
}
