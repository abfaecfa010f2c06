/** A blog post card (blog list and the home page teaser): image or placeholder, title, date, author, excerpt, 'Read more'. */
import { Body1, Caption1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { ArrowRightRegular, BookOpenRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@shared/contracts/blog';
import { pages } from '@shared/urls';
import { excerptOf, formatPostDate } from '../../api/blog';
import { FallbackImage } from '../../components/FallbackImage';
import { CardList } from '../../components/CardList';
import { visuallyHidden } from '../../theme/styles';
import { cardGrid } from '../../components/cardGrid';

/** The blog's cards: 3 columns, 2 on tablets, 1 on phones (the blog page and the home page's teaser). */
export const BLOG_GRID = cardGrid(tokens.spacingHorizontalXL, { wide: 3, 1023: 2, 639: 1 });

const useStyles = makeStyles({
  hidden: visuallyHidden,
  grid: BLOG_GRID,
  card: { height: '100%', padding: 0, gap: 0, overflow: 'hidden' },
  media: { width: '100%', height: 'auto', aspectRatio: '1200 / 630', objectFit: 'cover', display: 'block', backgroundColor: tokens.colorNeutralBackground3 },
  placeholder: {
    width: '100%',
    aspectRatio: '1200 / 630',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, #fde7dc 100%)`,
    color: tokens.colorBrandForeground1,
    fontSize: '48px',
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    flex: 1,
    overflowWrap: 'anywhere',
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  meta: { color: tokens.colorNeutralForeground3 },
  excerpt: { color: tokens.colorNeutralForeground2, flex: 1 },
  title: { margin: 0 },
  titleLink: { color: tokens.colorNeutralForeground1, textDecoration: 'none', ':hover': { textDecoration: 'underline' } },
  more: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    ':hover': { textDecoration: 'underline' },
  },
});

export function PostImage({ src, className, placeholderClassName }: { src: string | null; className: string; placeholderClassName: string }) {
  const placeholder = (
    <div className={placeholderClassName} aria-hidden>
      <BookOpenRegular />
    </div>
  );
  if (!src) return placeholder;
  // The recommended featured image size (1200 x 630) as intrinsic size: the box is reserved before the image loads.
  return <FallbackImage src={src} width={1200} height={630} className={className} loading="lazy" placeholder={placeholder} />;
}

export function BlogCard({ post, headingLevel = 'h2' }: { post: BlogPost; headingLevel?: 'h2' | 'h3' }) {
  const s = useStyles();
  const href = pages.post(post.slug);
  return (
    <Card className={s.card} data-testid="blog-card">
      <PostImage src={post.featured_image} className={s.media} placeholderClassName={s.placeholder} />
      <div className={s.body}>
        <Subtitle1 as={headingLevel} className={s.title}>
          <Link to={href} className={s.titleLink}>
            {post.title}
          </Link>
        </Subtitle1>
        <Caption1 className={s.meta}>{formatPostDate(post.created_at)} · By Admin</Caption1>
        <Body1 className={s.excerpt}>{excerptOf(post)}</Body1>
        <Link to={href} className={s.more} data-touch>
          {/* The spec's 'Read more', made specific for screen readers and crawlers by hidden text. */}
          Read more<span className={s.hidden}> about {post.title}</span> <ArrowRightRegular aria-hidden />
        </Link>
      </div>
    </Card>
  );
}

/** Blog post cards in the responsive grid (a list): 3, 2 or 1 columns; `empty` instead of an empty list. */
export function BlogCards({ posts, headingLevel, empty }: { posts: readonly BlogPost[]; headingLevel?: 'h2' | 'h3'; empty?: { title: string; text: string } }) {
  return (
    <CardList items={posts} className={useStyles().grid} empty={empty}>
      {(p) => <BlogCard post={p} headingLevel={headingLevel} />}
    </CardList>
  );
}
