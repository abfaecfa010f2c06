/**
 * Home, in this order: hero ('Start Learning', 'Download App', hero image or placeholder),
 * language picker, about block, app-download block (only when a store link is set) and the
 * 'Latest from Our Blog' teaser (only when posts are published).
 */
import { Body1, Card, makeStyles, mergeClasses, Subtitle1, Title1, Title2, tokens } from '@fluentui/react-components';
import { CloudOffRegular, DataTrendingRegular, PeopleCommunityRegular, Speaker2Regular } from '@fluentui/react-icons';
import { aboutDefaults } from '@shared/settings-defaults';
import { usePublishedPosts } from '../api/blog';
import { isStoredSettings, useSettings } from '../api/settings';
import { ButtonLink } from '../components/ButtonLink';
import { LanguageGrid } from '../components/LanguageGrid';
import { config } from '../config';
import { hasStoreLinks, StoreButtons } from '../layout/StoreButtons';
import { BlogCards } from './blog/BlogCard';
import { FallbackImage } from '../components/FallbackImage';
import { pages } from '@shared/urls';

const useStyles = makeStyles({
  hero: {
    display: 'grid',
    gridTemplateColumns: '1.1fr 1fr',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, #1f7f63 70%, #2a8d71 100%)`,
    color: tokens.colorNeutralForegroundOnBrand,
    '@media (max-width: 767px)': { gridTemplateColumns: '1fr', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}` },
  },
  heroCopy: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL, '& h1, & h2, & h3, & p': { margin: 0 } },
  heroText: { maxWidth: '560px', fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heroImage: {
    width: '100%',
    height: 'auto',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
    '@media (max-width: 767px)': { aspectRatio: '16 / 9' },
  },
  cta: {
    backgroundColor: '#b4491f',
    color: '#ffffff',
    border: 'none',
    ':hover': { backgroundColor: '#9a3d19', color: '#ffffff' },
    ':hover:active': { backgroundColor: '#853416', color: '#ffffff' },
  },
  heroPlaceholder: {
    width: '100%',
    aspectRatio: '4 / 3',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusXLarge,
    background: 'radial-gradient(circle at 30% 30%, #fdf1ea 0%, #f5f3ff 60%, #e6f4ef 100%)',
    boxShadow: tokens.shadow16,
    '@media (max-width: 767px)': { display: 'none' },
  },
  heroParrot: { width: '45%', maxWidth: '220px', height: 'auto' },
  section: { marginTop: tokens.spacingVerticalXXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  sectionHead: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  about: {
    display: 'grid',
    gridTemplateColumns: '1.2fr 1fr 1fr',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: '1fr' },
  },
  aboutMain: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  aboutText: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2 },
  aboutCard: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalS, height: '100%', boxSizing: 'border-box' },
  h: { margin: 0 },
  claim: {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
  },
  claimIcon: { fontSize: '28px', flexShrink: 0 },
  app: {
    display: 'grid',
    gridTemplateColumns: '1.4fr 1fr',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'center',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: '#F5F3FF',
    color: '#333333',
    '@media (max-width: 767px)': { gridTemplateColumns: '1fr', padding: tokens.spacingHorizontalL },
  },
  appCopy: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, '& h1, & h2, & h3, & p': { margin: 0 } },
  features: { listStyleType: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  feature: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  featureIcon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  screenshot: { width: '100%', maxWidth: '260px', height: 'auto', justifySelf: 'center', borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow16 },
});

function HeroImage() {
  const s = useStyles();
  const { settings } = useSettings();
  const src = settings.hero_image;
  const placeholder = (
    <div className={s.heroPlaceholder} data-testid="hero-placeholder">
      <img src="/favicon.svg" alt="" width={220} height={220} className={s.heroParrot} />
    </div>
  );
  if (!src) return placeholder;
  return <FallbackImage src={src} alt="People learning a new language together" width={800} height={600} className={s.heroImage} placeholder={placeholder} />;
}

function AboutBlock() {
  const s = useStyles();
  const { settings } = useSettings();
  const d = aboutDefaults(config().productName);
  const blocks = [
    [settings.about_title || d.about_title, settings.about_content || d.about_content],
    [settings.who_we_are_title || d.who_we_are_title, settings.who_we_are_content || d.who_we_are_content],
    [settings.how_it_works_title || d.how_it_works_title, settings.how_it_works_content || d.how_it_works_content],
  ];
  return (
    <section className={mergeClasses(s.section, s.about)} aria-labelledby="about-title">
      <div className={s.aboutMain}>
        <Title2 as="h2" id="about-title" className={s.h}>
          {blocks[0][0]}
        </Title2>
        <Body1 className={s.aboutText}>{blocks[0][1]}</Body1>
        <p className={s.claim}>
          <PeopleCommunityRegular className={s.claimIcon} aria-hidden />
          Join over 10,000 language learners
        </p>
      </div>
      {blocks.slice(1).map(([title, content]) => (
        <Card key={title} className={s.aboutCard}>
          <Subtitle1 as="h3" className={s.h}>
            {title}
          </Subtitle1>
          <Body1>{content}</Body1>
        </Card>
      ))}
    </section>
  );
}

/** Its own settings read: 30 s dedupe with refetch on focus; a failed load hides it. */
function AppDownloadBlock() {
  const s = useStyles();
  const { data, error } = useSettings({ dedupingInterval: 30_000 });
  if (error || !isStoredSettings(data) || !hasStoreLinks(data)) return null;
  return (
    <section className={mergeClasses(s.section, s.app)} aria-labelledby="app-title">
      <div className={s.appCopy}>
        <Title2 as="h2" id="app-title" className={s.h}>
          Take {config().productName} with you
        </Title2>
        <Body1>Our free mobile app has every lesson in your pocket.</Body1>
        <ul className={s.features}>
          <li className={s.feature}>
            <CloudOffRegular className={s.featureIcon} aria-hidden /> Learn offline
          </li>
          <li className={s.feature}>
            <DataTrendingRegular className={s.featureIcon} aria-hidden /> Personalized learning: track your progress
          </li>
          <li className={s.feature}>
            <Speaker2Regular className={s.featureIcon} aria-hidden /> Audio pronunciations
          </li>
        </ul>
        <StoreButtons settings={data} />
      </div>
      {/* A phone screenshot's usual shape (1:2) reserves the space until the image itself gives its size. */}
      {data.app_screenshot && (
        <img src={data.app_screenshot} alt={`${config().productName} mobile app`} width={260} height={520} className={s.screenshot} loading="lazy" />
      )}
    </section>
  );
}

function LatestPosts() {
  const s = useStyles();
  const { data } = usePublishedPosts(3);
  if (!data?.length) return null;
  return (
    <section className={s.section} aria-labelledby="blog-title">
      <div className={s.sectionHead}>
        <Title2 as="h2" id="blog-title" className={s.h}>
          Latest from Our Blog
        </Title2>
        <ButtonLink to={pages.blog} appearance="secondary">
          View All Blog Posts
        </ButtonLink>
      </div>
      <BlogCards posts={data.slice(0, 3)} headingLevel="h3" />
    </section>
  );
}

export default function HomePage() {
  const s = useStyles();
  return (
    <>
      <section className={s.hero} aria-labelledby="hero-title">
        <div className={s.heroCopy}>
          <Title1 as="h1" id="hero-title" className={s.h}>
            Speak everyday phrases with confidence
          </Title1>
          <Body1 className={s.heroText}>Short lessons of practical phrases with clear audio pronunciations, in the language you want to speak.</Body1>
          <div className={s.actions}>
            <ButtonLink to={pages.languages} appearance="primary" size="large" className={s.cta}>
              Start Learning
            </ButtonLink>
            <ButtonLink to={pages.download} appearance="secondary" size="large">
              Download App
            </ButtonLink>
          </div>
        </div>
        <HeroImage />
      </section>
      <section className={s.section} aria-labelledby="pick-title">
        <Title2 as="h2" id="pick-title" className={s.h}>
          Choose Your Language
        </Title2>
        <LanguageGrid />
      </section>
      <AboutBlock />
      <AppDownloadBlock />
      <LatestPosts />
    </>
  );
}
