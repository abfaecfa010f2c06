/** The Blog Management columns: title, author, created, status, cover, and View, publishing, Edit and Delete per row (Delete only where the role may). */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, OpenRegular } from '@fluentui/react-icons';
import type { BlogPost } from '@shared/contracts/blog';
import { pages } from '@shared/urls';
import { mayDeletePost } from '@shared/roles';
import { useAuth } from '../../auth/AuthContext';
import { actionsColumn, type ListColumn } from '../components/AdminList';
import { PublishingBadges, PublishingMenu } from '../publishing/PublishingMenu';

const useStyles = makeStyles({
  thumb: { display: 'block', width: '72px', height: '40px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall },
  none: { color: tokens.colorNeutralForeground3 },
  action: { minHeight: '44px' },
  title: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function usePostColumns(o: { onEdit: (post: BlogPost) => void; onDelete: (post: BlogPost) => void }): ListColumn<BlogPost>[] {
  const s = useStyles();
  const { role } = useAuth();
  return [
    { id: 'title', label: 'Title', minWidth: 240, render: (p) => <span className={s.title}>{p.title}</span> },
    { id: 'author', label: 'Author', minWidth: 90, render: (p) => p.author_name || 'Admin' },
    // Sorted by the API (newest first by default): the header toggles ?sort=created (oldest first).
    { id: 'created', label: 'Created', minWidth: 110, serverSort: true, render: (p) => formatDate(p.created_at) },
    {
      id: 'status',
      label: 'Status',
      minWidth: 100,
      render: (p) => (
        <span className={s.status}>
          <Badge appearance="tint" color={p.published ? 'success' : 'informative'}>
            {p.published ? 'Published' : 'Draft'}
          </Badge>
          {/* A published post's pending draft, and a scheduled release. */}
          <PublishingBadges item={{ kind: 'post', post_id: p.id }} isDraft={false} />
        </span>
      ),
    },
    {
      id: 'image',
      label: 'Featured Image',
      minWidth: 110,
      render: (p) => (p.featured_image ? <img src={p.featured_image} alt={`Cover of ${p.title}`} className={s.thumb} /> : <span className={s.none}>None</span>),
    },
    actionsColumn(280, (p) => (
      <>
        <Button as="a" className={s.action} icon={<OpenRegular />} href={pages.post(p.slug)} target="_blank" rel="noopener" aria-label={`View ${p.title}`}>
          View
        </Button>
        <PublishingMenu item={{ kind: 'post', post_id: p.id }} label={p.title} isDraft={!p.published} />
        <Button className={s.action} icon={<EditRegular />} aria-label={`Edit ${p.title}`} onClick={() => o.onEdit(p)}>
          Edit
        </Button>
        {mayDeletePost(role, p) && (
          <Button className={s.action} icon={<DeleteRegular />} aria-label={`Delete ${p.title}`} onClick={() => o.onDelete(p)}>
            Delete
          </Button>
        )}
      </>
    )),
  ];
}
