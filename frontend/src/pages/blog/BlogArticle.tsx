/**
 * A blog post as the public page shows it: title, date, author 'Admin', featured image, content split
 * by line breaks, and the sample player after the paragraph at index 2 (or after the last). Used by
 * /blog/{slug} and by the blog editor's live preview, so both render the same way.
 */
import { Body1, Caption1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { Fragment, type ReactNode } from 'react';
import type { BlogPost } from '@shared/contracts/blog';
import type { PhraseGroup } from '@shared/contracts/phrases';
import { formatPostDate, paragraphsOf } from '../../api/blog';
import { PostImage } from './BlogCard';
import { SamplePhrases } from './SamplePhrases';
import { READING_WIDTH } from '../../theme/styles';

/** Where a post's sample goes: after the paragraph at index 2, or at the end when there are fewer than 3. */
export const SAMPLE_AFTER = 2;

const useStyles = makeStyles({
  article: {
    maxWidth: READING_WIDTH,
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    overflowWrap: 'break-word',
    minWidth: 0,
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  meta: { color: tokens.colorNeutralForeground3 },
  image: {
    width: '100%',
    height: 'auto',
    aspectRatio: '1200 / 630',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusXLarge,
    margin: `${tokens.spacingVerticalM} 0`,
  },
  placeholder: { display: 'none' },
  body: { fontSize: tokens.fontSizeBase400, lineHeight: '1.7', margin: 0 },
});

export type ArticlePost = Pick<BlogPost, 'title' | 'created_at' | 'featured_image' | 'content' | 'sample_title' | 'lesson_path'>;

export function BlogArticle(props: {
  post: ArticlePost;
  sample: PhraseGroup | null;
  /** Above the title (the page's Back button and breadcrumbs). */
  before?: ReactNode;
  /** The title's level: h1 on the page, h2 inside the editor. */
  titleAs?: 'h1' | 'h2';
}) {
  const s = useStyles();
  const { post, sample } = props;
  const paragraphs = paragraphsOf(post.content);
  const sampleAfter = Math.min(SAMPLE_AFTER, paragraphs.length - 1);
  const samplePlayer = sample && <SamplePhrases title={post.sample_title} group={sample} lessonPath={post.lesson_path} />;
  return (
    <article className={s.article}>
      {props.before}
      <Title1 as={props.titleAs ?? 'h1'}>{post.title}</Title1>
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
