/** The grid of language cards (languages page and the home page's picker): 6 skeletons while loading. */
import { Card, makeStyles, mergeClasses, Skeleton, SkeletonItem, Subtitle1, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { pages } from '@shared/urls';
import { useLanguages } from '../api/languages';
import { useCardLinkStyles } from './cardLink';
import { PageState } from './PageState';
import { cardGrid } from './cardGrid';
import { CardList } from './CardList';

const useStyles = makeStyles({
  grid: cardGrid(tokens.spacingHorizontalL, { wide: 4, 1023: 3, 767: 2, 419: 1 }),
  card: { height: '100%', alignItems: 'center', padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  flag: { width: '96px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow4 },
  // Block, as the flex item it was before the link wrapped it (Fluent's Text is inline): its h2 margins count.
  name: { display: 'block' },
  skeleton: { height: '150px' },
});

export function LanguageGrid() {
  const s = useStyles();
  const c = useCardLinkStyles();
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
  return (
    <CardList items={data ?? []} className={s.grid} empty={{ text: 'No languages available yet. Check back soon!' }}>
      {(l) => (
        <Card className={mergeClasses(c.card, s.card)}>
          <img src={l.flag_url} alt="" width={96} height={64} className={s.flag} loading="lazy" />
          {/* The link holds the name only (its accessible name) and covers the whole card (cardLink.ts). */}
          <Link to={pages.language(l.id)} className={c.link}>
            <Subtitle1 as="h2" className={s.name}>
              {l.name}
            </Subtitle1>
          </Link>
        </Card>
      )}
    </CardList>
  );
}
