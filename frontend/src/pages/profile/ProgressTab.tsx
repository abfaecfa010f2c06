/** /profile's Progress tab: per language, completed versus total lessons with a bar. */
import { Caption1, Card, Field, makeStyles, ProgressBar, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import { useProgress } from '../../api/me';
import { PageState } from '../../components/PageState';
import { LoadFailed } from '../course/CourseStates';
import { pages } from '@shared/urls';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  flag: { width: '32px', height: '24px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, flexShrink: 0 },
  name: { flexGrow: 1, margin: 0 },
  count: { color: tokens.colorNeutralForeground2 },
});

export function ProgressTab() {
  const s = useStyles();
  const { data, error, isLoading } = useProgress();
  if (isLoading) return <Spinner label="Loading progress..." />;
  if (error || !data) return <LoadFailed />;
  if (!data.length) return <PageState text="You haven't started any lessons yet" action={{ label: 'Start Learning', to: pages.home }} />;
  return (
    <ul className={s.list}>
      {data.map((p) => (
        <li key={p.language_id}>
          <Card className={s.card} data-testid="language-progress">
            <div className={s.head}>
              {p.flag_url && <img className={s.flag} src={p.flag_url} alt="" width={32} height={24} />}
              <Subtitle2 as="h3" className={s.name}>
                {p.language_name}
              </Subtitle2>
              <Caption1 className={s.count}>{Math.round((100 * p.completed) / p.total)}%</Caption1>
            </div>
            <Field validationMessage={`${p.completed} of ${p.total} lessons completed`} validationState="none">
              <ProgressBar
                value={p.completed}
                max={p.total}
                thickness="large"
                aria-label={`${p.language_name}: ${p.completed} of ${p.total} lessons completed`}
              />
            </Field>
          </Card>
        </li>
      ))}
    </ul>
  );
}
