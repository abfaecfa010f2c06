/** Blog management: all posts (drafts too) in a table with View, Edit and Delete, and the post editor. */
import {
  Badge,
  Body1,
  Button,
  Card,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, OpenRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { BlogPost } from '@shared/types';
import { deleteBlogPost, useAdminBlog } from '../../api/siteAdmin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { BlogPostDialog } from './BlogPostDialog';
import { useNarrow } from '../components/useNarrow';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  scroll: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  table: { minWidth: '860px' },
  thumb: { display: 'block', width: '72px', height: '40px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall },
  none: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  title: { fontWeight: tokens.fontWeightSemibold },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  cardHead: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', justifyContent: 'space-between' },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap', color: tokens.colorNeutralForeground2 },
});

const COLUMNS = [
  ['Title', '26%'],
  ['Author', '10%'],
  ['Created', '12%'],
  ['Status', '10%'],
  ['Featured Image', '12%'],
  ['Actions', '30%'],
] as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export default function ManageBlog() {
  const s = useStyles();
  const notify = useNotify();
  const { data, error, isLoading } = useAdminBlog();
  const [dialog, setDialog] = useState<{ open: boolean; post?: BlogPost }>({ open: false });
  const [toDelete, setToDelete] = useState<BlogPost>();
  const [deleting, setDeleting] = useState(false);
  const posts = data ?? [];
  const narrow = useNarrow();

  const actions = (p: BlogPost) => (
    <div className={s.actions}>
      <Button as="a" size="small" icon={<OpenRegular />} href={`/blog/${encodeURIComponent(p.slug)}`} target="_blank" rel="noopener" aria-label={`View ${p.title}`}>
        View
      </Button>
      <Button size="small" icon={<EditRegular />} aria-label={`Edit ${p.title}`} onClick={() => setDialog({ open: true, post: p })}>
        Edit
      </Button>
      <Button size="small" icon={<DeleteRegular />} aria-label={`Delete ${p.title}`} onClick={() => setToDelete(p)}>
        Delete
      </Button>
    </div>
  );
  const status = (p: BlogPost) => (
    <Badge appearance="tint" color={p.published ? 'success' : 'informative'}>
      {p.published ? 'Published' : 'Draft'}
    </Badge>
  );
  const thumb = (p: BlogPost) =>
    p.featured_image ? <img src={p.featured_image} alt={`Featured image of ${p.title}`} className={s.thumb} /> : <span className={s.none}>None</span>;

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

  return (
    <section aria-labelledby="manage-blog">
      <div className={s.bar}>
        <div>
          <Subtitle1 as="h2" block id="manage-blog">
            Blog Management
          </Subtitle1>
          {data && (
            <Body1 as="p" block style={{ margin: 0 }}>
              Total blog posts: {posts.length}
            </Body1>
          )}
        </div>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ open: true })}>
          New Post
        </Button>
      </div>
      {isLoading ? (
        <Skeleton aria-label="Loading blog posts">
          {Array.from({ length: 3 }, (_, i) => (
            <SkeletonItem key={i} size={40} style={{ marginBottom: 8 }} />
          ))}
        </Skeleton>
      ) : error ? (
        <PageState text="Blog posts could not be loaded. Please try again later." />
      ) : !posts.length ? (
        <PageState text='No blog posts yet. Click "New Post" to create your first blog post.' />
      ) : narrow ? (
        <ul className={s.cards} aria-label="Blog posts">
          {posts.map((p) => (
            <li key={p.id}>
              <Card className={s.card}>
                <div className={s.cardHead}>
                  <Text className={s.title}>{p.title}</Text>
                  {thumb(p)}
                </div>
                <div className={s.meta}>
                  <span>{p.author_name || 'Admin'}</span>
                  <span>{formatDate(p.created_at)}</span>
                  {status(p)}
                </div>
                {actions(p)}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <div className={s.scroll} role="region" aria-label="Blog posts table" tabIndex={0}>
          <Table className={s.table} aria-label="Blog posts">
            <TableHeader>
              <TableRow>
                {COLUMNS.map(([h, width]) => (
                  <TableHeaderCell key={h} style={{ width }}>
                    {h}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {posts.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className={s.title}>{p.title}</TableCell>
                  <TableCell>{p.author_name || 'Admin'}</TableCell>
                  <TableCell>{formatDate(p.created_at)}</TableCell>
                  <TableCell>{status(p)}</TableCell>
                  <TableCell>{thumb(p)}</TableCell>
                  <TableCell>{actions(p)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <BlogPostDialog open={dialog.open} post={dialog.post} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete blog post?"
        text="Are you sure you want to delete this blog post? This action cannot be undone."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(undefined)}
      />
    </section>
  );
}
