/** /profile's Favorites tab: saved phrases (original and translation) with Remove. */
import { Body1, Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Favorite } from '@shared/contracts/me';
import { pages } from '@shared/urls';
import { setFavorite, useFavorites } from '../../api/me';
import { PageState } from '../../components/PageState';
import { useNotify } from '../../components/notify';
import { LoadFailed } from '../course/CourseStates';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM },
  texts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, flexGrow: 1, minWidth: 0 },
  original: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase400, overflowWrap: 'anywhere' },
  translation: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  lesson: { fontSize: tokens.fontSizeBase200, color: tokens.colorBrandForeground1 },
});

function FavoriteItem({ favorite }: { favorite: Favorite }) {
  const s = useStyles();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await setFavorite(favorite, false);
      notify('Favorite removed');
    } catch (e) {
      notify('Error removing favorite', { body: (e as Error).message, intent: 'error' });
      setBusy(false);
    }
  }

  return (
    <Card className={s.card} data-testid="favorite">
      <div className={s.texts}>
        <Text className={s.original}>{favorite.original_text}</Text>
        <Body1 className={s.translation}>{favorite.translated_text}</Body1>
        <Link className={s.lesson} to={pages.lesson(favorite.language_id, favorite.level_id, favorite.lesson_id)}>
          Open lesson
        </Link>
      </div>
      <Button icon={<DeleteRegular />} onClick={() => void remove()} disabled={busy} aria-label={`Remove ${favorite.original_text}`}>
        Remove
      </Button>
    </Card>
  );
}

export function FavoritesTab() {
  const s = useStyles();
  const { data, error, isLoading } = useFavorites();
  if (isLoading) return <Spinner label="Loading favorites..." />;
  if (error || !data) return <LoadFailed />;
  if (!data.length) return <PageState text="You haven't saved any favorite phrases yet" action={{ label: 'Explore Phrases', to: pages.languages }} />;
  return (
    <ul className={s.list}>
      {data.map((f) => (
        <li key={f.id}>
          <FavoriteItem favorite={f} />
        </li>
      ))}
    </ul>
  );
}
