/** /blog: 'Our Blog', the published posts as cards; skeletons while loading; the empty state. */
import { Body1, makeStyles, Skeleton, SkeletonItem, Title1, tokens } from '@fluentui/react-components';
import { usePublishedPosts } from '../../api/blog';
import { PageState } from '../../components/PageState';
import { MobileBack } from '../../layout/MobileBack';
import { BLOG_GRID, BlogCards } from './BlogCard';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalXL,
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  lead: { color: tokens.colorNeutralForeground2 },
  grid: BLOG_GRID,
  skeleton: { height: '340px' },
});

export default function BlogListPage() {
  const s = useStyles();
  const { data, error, isLoading } = usePublishedPosts();
  return (
    <>
      <MobileBack fallback="/" />
      <div className={s.head}>
        <Title1 as="h1">Our Blog</Title1>
        <Body1 className={s.lead}>Language learning tips, culture notes and news from the team.</Body1>
      </div>
      {isLoading ? (
        <Skeleton aria-label="Loading blog posts" className={s.grid}>
          {Array.from({ length: 3 }, (_, i) => (
            <SkeletonItem key={i} shape="rectangle" className={s.skeleton} data-testid="blog-skeleton" />
          ))}
        </Skeleton>
      ) : error ? (
        <PageState text="Blog posts could not be loaded. Please try again later." />
      ) : (
        <BlogCards posts={data ?? []} empty={{ title: 'No blog posts yet', text: 'Check back later for language learning tips and updates!' }} />
      )}
    </>
  );
}
