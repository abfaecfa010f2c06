/** The grid of language cards (languages page and the home page's picker): 6 skeletons while loading. */
import { Card, makeStyles, Skeleton, SkeletonItem, Subtitle1, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { useLanguages } from '../api/languages';
import { PageState } from './PageState';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    '@media (max-width: 1023px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    '@media (max-width: 767px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 419px)': { gridTemplateColumns: '1fr' },
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  link: { textDecoration: 'none', color: 'inherit', display: 'block', height: '100%', borderRadius: tokens.borderRadiusLarge },
  card: { height: '100%', alignItems: 'center', padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM, ':hover': { boxShadow: tokens.shadow16 } },
  flag: { width: '96px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow4 },
  skeleton: { height: '150px' },
});

export function LanguageGrid() {
  const s = useStyles();
  const { data, error, isLoading } = useLanguages();
  if (isLoading)
    return (
      <Skeleton aria-label="Loading languages" className={s.grid}>
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonItem key={i} shape="rectangle" className={s.skeleton} data-testid="language-skeleton" />
        ))}
      </Skeleton>
    );
  if (error) return <PageState text="Languages could not be loaded. Please try again later." />;
  if (!data?.length) return <PageState text="No languages available yet. Check back soon!" />;
  return (
    <ul className={s.grid}>
      {data.map((l) => (
        <li key={l.id}>
          <Link to={`/${l.id}`} className={s.link}>
            {/* role none: the card's text names the link around it (a group would hide it). */}
            <Card className={s.card} role="none">
              <img src={l.flag_url} alt="" className={s.flag} loading="lazy" />
              <Subtitle1 as="h2">{l.name}</Subtitle1>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
