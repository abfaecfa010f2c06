import { makeStyles, Title1, tokens } from '@fluentui/react-components';
import { LanguageGrid } from '../components/LanguageGrid';

const useStyles = makeStyles({ heading: { display: 'block', marginBottom: tokens.spacingVerticalXL, textAlign: 'center' } });

export default function LanguagesPage() {
  const s = useStyles();
  return (
    <>
      <Title1 as="h1" className={s.heading}>
        Choose Your Language
      </Title1>
      <LanguageGrid />
    </>
  );
}
