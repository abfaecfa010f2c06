/** Home: hero with 'Start Learning' and 'Download App', then the language picker. */
import { Body1, makeStyles, Title1, Title2, tokens } from '@fluentui/react-components';
import { ButtonLink } from '../components/ButtonLink';
import { LanguageGrid } from '../components/LanguageGrid';

const useStyles = makeStyles({
  hero: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, #2a8d71 60%, #e16b3c 140%)`,
    color: tokens.colorNeutralForegroundOnBrand,
    marginBottom: tokens.spacingVerticalXXXL,
    '@media (max-width: 767px)': { padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}` },
  },
  heroText: { maxWidth: '620px', fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  section: { display: 'block', marginBottom: tokens.spacingVerticalL },
});

export default function HomePage() {
  const s = useStyles();
  return (
    <>
      <section className={s.hero} aria-labelledby="hero-title">
        <Title1 as="h1" id="hero-title">
          Speak everyday phrases with confidence
        </Title1>
        <Body1 className={s.heroText}>
          Short lessons of practical phrases with native-speed audio. Join over 10,000 language learners.
        </Body1>
        <div className={s.actions}>
          <ButtonLink to="/languages" appearance="primary" size="large">
            Start Learning
          </ButtonLink>
          <ButtonLink to="/download" appearance="secondary" size="large">
            Download App
          </ButtonLink>
        </div>
      </section>
      <section aria-labelledby="pick-title">
        <Title2 as="h2" id="pick-title" className={s.section}>
          Choose Your Language
        </Title2>
        <LanguageGrid />
      </section>
    </>
  );
}
