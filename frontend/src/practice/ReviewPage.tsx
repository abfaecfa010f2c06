/**
 * /review: the phrases due for review, per language, from this device's store (and a signed-in
 * visitor's account), with 'Start review'. The server sends the same shell to everyone; the
 * practice island fills it.
 */
import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { PracticeScreen } from './PracticeScreen';
import { READING_WIDTH } from '../theme/styles';

const useStyles = makeStyles({
  body: { maxWidth: READING_WIDTH, margin: '0 auto' },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalXL },
  heading: { margin: 0 },
  line: { color: tokens.colorNeutralForeground2 },
});

export default function ReviewPage() {
  const s = useStyles();
  return (
    <div className={s.body}>
      <header className={s.head}>
        <Title1 as="h1" className={s.heading}>
          Review
        </Title1>
        <Body1 className={s.line}>The phrases you practised come back here when they are due, so you remember them.</Body1>
      </header>
      <PracticeScreen cards={[]} mode="review" />
    </div>
  );
}
