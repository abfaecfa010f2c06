/**
 * /blog/{slug}: one request (post + sample), rendered by BlogArticle (shared with the blog editor's
 * preview) below the mobile Back button and the breadcrumbs.
 */
import { Caption1, makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import { Link, useParams } from 'react-router-dom';
import { useBlogPostPage } from '../../api/blog';
import { isNotFound } from '../../api/client';
import { PageState } from '../../components/PageState';
import { MobileBack } from '../../layout/MobileBack';
import { BlogArticle } from './BlogArticle';
import { pages } from '@shared/urls';
import { READING_WIDTH } from '../../theme/styles';

const useStyles = makeStyles({
  crumbs: { color: tokens.colorNeutralForeground3, '@media (max-width: 767px)': { display: 'none' } },
  crumbLink: { color: tokens.colorBrandForeground1 },
  skeleton: { maxWidth: READING_WIDTH, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  skeletonMeta: { width: '40%' },
  skeletonImage: { height: '300px' },
});

export default function BlogPostPage() {
  const s = useStyles();
  const { slug = '' } = useParams();
  const { data, error, isLoading } = useBlogPostPage(slug);

  if (isLoading)
    return (
      <Skeleton aria-label="Loading blog post" className={s.skeleton}>
        <SkeletonItem size={32} />
        <SkeletonItem size={16} className={s.skeletonMeta} />
        <SkeletonItem shape="rectangle" className={s.skeletonImage} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  if (!data)
    return isNotFound(error) || !error ? (
      <PageState
        titleLevel="h1"
        title="Post not found"
        text="The blog post you're looking for doesn't exist or has been removed."
        action={{ label: 'Back to Blog', to: pages.blog }}
      />
    ) : (
      <PageState text="This blog post could not be loaded. Please try again later." action={{ label: 'Back to Blog', to: pages.blog }} />
    );

  const { post, sample } = data;
  return (
    <BlogArticle
      post={post}
      sample={sample}
      before={
        <>
          <MobileBack fallback="/blog" />
          <Caption1 as="p" className={s.crumbs}>
            <Link to={pages.blog} className={s.crumbLink}>
              Blog
            </Link>{' '}
            / {post.title}
          </Caption1>
        </>
      }
    />
  );
}
