/** Loading skeleton and error text shared by the course pages. */
import { makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import { PageState } from '../../components/PageState';

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' },
  title: { width: '240px', height: '32px', marginBottom: tokens.spacingVerticalXL },
  card: { height: '120px' },
});

export function CourseSkeleton({ label, count = 4 }: { label: string; count?: number }) {
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

export const LoadFailed = () => (
  <PageState text="This page could not be loaded. Please try again later." action={{ label: 'Back to Languages', to: '/languages' }} />
);
