/**
 * What the course pages (language, level, lesson) share: the states before their content (loading
 * skeleton, not found, load failure), the lesson a route names, and the grid of level and lesson cards.
 */
import { LANGUAGE_MISSING } from '@shared/contracts/languages';
import { makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isNotFound } from '../../api/client';
import { useLessonPage } from '../../api/pages';
import { CardList } from '../../components/CardList';
import { PageState } from '../../components/PageState';
import { pages } from '@shared/urls';

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' },
  cards: {
    listStyleType: 'none',
    padding: 0,
    margin: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    '@media (max-width: 419px)': { gridTemplateColumns: '1fr' },
  },
  title: { width: '240px', height: '32px', marginBottom: tokens.spacingVerticalXL },
  card: { height: '120px' },
});

function CourseSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  const s = useStyles();
  return (
    <Skeleton aria-label={label}>
      <SkeletonItem className={s.title} />
      <div className={s.grid}>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonItem key={i} shape="rectangle" className={s.card} />
        ))}
      </div>
    </Skeleton>
  );
}

const BACK = { label: 'Back to Languages', to: pages.languages };

export const LoadFailed = () => <PageState text="This page could not be loaded. Please try again later." action={BACK} />;

/** Per page: its skeleton and its not-found texts. */
const PAGES = {
  language: { loading: 'Loading levels', count: 4, title: 'Language not found', text: LANGUAGE_MISSING },
  level: { loading: 'Loading lessons', count: 4, title: 'Not found', text: "The language or level you're looking for doesn't exist." },
  lesson: { loading: 'Loading lesson', count: 2, title: 'Lesson not found', text: "The lesson you're looking for doesn't exist." },
};

/**
 * What a course page shows instead of its content: the skeleton while it loads (`pending`: or while
 * a locked item is on its way to /locked-content), its not-found page (the whole page: an h1), or
 * the load failure; null once its data is there (so `if (state || !data) return state;` returns
 * null never: `!data` only narrows the type).
 */
export function courseState(page: keyof typeof PAGES, r: { pending: boolean; notFound: boolean; error: unknown; data: unknown }): ReactElement | null {
  const p = PAGES[page];
  if (r.pending) return <CourseSkeleton label={p.loading} count={p.count} />;
  if (r.notFound) return <PageState titleLevel="h1" title={p.title} text={p.text} action={BACK} />;
  if (r.error || !r.data) return <LoadFailed />;
  return null;
}

/**
 * The lesson the route names (/{language}/{level}/{lesson}, and its practice page): its answer, or
 * the state to show instead. Locked content never gets here: the route table sends it to
 * /locked-content first.
 */
export function useRouteLesson() {
  const { language = '', level = '', lesson = '' } = useParams();
  const { data, error, isLoading } = useLessonPage(language, level, lesson);
  return { data, state: courseState('lesson', { pending: isLoading, notFound: isNotFound(error), error, data }) };
}

/** The level or lesson cards of a course page, or its empty text ('Check back soon!'). */
export function CourseCards<T extends { id: string }>(props: { items: readonly T[]; label: string; empty: string; children: (item: T) => ReactNode }) {
  return (
    <CardList items={props.items} className={useStyles().cards} label={props.label} empty={{ text: props.empty }}>
      {props.children}
    </CardList>
  );
}
