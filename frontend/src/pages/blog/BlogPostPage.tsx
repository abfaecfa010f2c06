/**
 * /blog/{slug}: one request (post + sample). Title, date, author 'Admin', featured image, content
 * split by line breaks; the sample player goes after the paragraph at index 2 (or after the last).
 */
import { Body1, Caption1, makeStyles, Skeleton, SkeletonItem, Title1, tokens } from '@fluentui/react-components';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatPostDate, paragraphsOf, useBlogPostPage } from '../../api/blog';
import { isNotFound } from '../../api/client';
import { PageState } from '../../components/PageState';
import { MobileBack } from '../../layout/MobileBack';
import { PostImage } from './BlogCard';
import { SamplePhrases } from './SamplePhrases';

/** Spec section 9: after the paragraph at index 2, or at the end when there are fewer than 3. */
export const SAMPLE_AFTER = 2;

const useStyles = makeStyles({
  article: { maxWidth: '760px', margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, overflowWrap: 'break-word', minWidth: 0, '& h1, & h2, & h3, & p': { margin: 0 } },
  crumbs: { color: tokens.colorNeutralForeground3, '@media (max-width: 767px)': { display: 'none' } },
  crumbLink: { color: tokens.colorBrandForeground1 },
  meta: { color: tokens.colorNeutralForeground3 },
  image: { width: '100%', height: 'auto', aspectRatio: '1200 / 630', objectFit: 'cover', borderRadius: tokens.borderRadiusXLarge, margin: `${tokens.spacingVerticalM} 0` },
  placeholder: { display: 'none' },
  body: { fontSize: tokens.fontSizeBase400, lineHeight: '1.7', margin: 0 },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export default function BlogPostPage() {
  const s = useStyles();
  const { slug = '' } = useParams();
  const { data, error, isLoading } = useBlogPostPage(slug);

  if (isLoading)
    return (
      <Skeleton aria-label="Loading blog post" className={`${s.article} ${s.skeleton}`}>
        <SkeletonItem size={32} />
        <SkeletonItem size={16} style={{ width: '40%' }} />
        <SkeletonItem shape="rectangle" style={{ height: '300px' }} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  if (!data)
    return isNotFound(error) || !error ? (
      <PageState titleLevel="h1" title="Post not found" text="The blog post you're looking for doesn't exist or has been removed." action={{ label: 'Back to Blog', to: '/blog' }} />
    ) : (
      <PageState text="This blog post could not be loaded. Please try again later." action={{ label: 'Back to Blog', to: '/blog' }} />
    );

  const { post, sample } = data;
  const paragraphs = paragraphsOf(post.content);
  const sampleAfter = Math.min(SAMPLE_AFTER, paragraphs.length - 1);
  const samplePlayer = sample && <SamplePhrases title={post.sample_title} group={sample} lessonPath={post.lesson_path} />;
  return (
    <article className={s.article}>
      <MobileBack fallback="/blog" />
      <Caption1 as="p" className={s.crumbs}>
        <Link to="/blog" className={s.crumbLink}>
          Blog
        </Link>{' '}
        / {post.title}
      </Caption1>
      <Title1 as="h1">{post.title}</Title1>
      <Caption1 as="p" className={s.meta}>
        {formatPostDate(post.created_at)} · By Admin
      </Caption1>
      {post.featured_image && <PostImage src={post.featured_image} className={s.image} placeholderClassName={s.placeholder} />}
      {paragraphs.map((p, i) => (
        <Fragment key={i}>
          <Body1 as="p" className={s.body}>
            {p}
          </Body1>
          {i === sampleAfter && samplePlayer}
        </Fragment>
      ))}
      {paragraphs.length === 0 && samplePlayer}
    </article>
  );
}
