/**
 * /faq: four category tabs and collapsible, single-open questions (premium 9.99 a month or 79.99 a year, minimum age 13),
 * then links to /support and the support e-mail. The questions are native disclosures of one
 * group per category (`name`: opening one closes the other); the tabs switch panels with the
 * page's first script (islands/instant.ts), and without script every category is shown.
 */
import { Body1, Card, makeStyles, mergeClasses, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../components/ButtonLink';
import { config } from '../config';
import { SUPPORT_EMAIL } from '../layout/contact';
import { MobileBack } from '../layout/MobileBack';
import { READING_COLUMN, summaryHeading, summaryRow } from '../theme/styles';
import { pages } from '@shared/urls';
import { SITE, sel } from '@shared/markup';

const CATEGORIES = ['General', 'Account', 'Subscription', 'Technical'] as const;
type Category = (typeof CATEGORIES)[number];

const faqs = (product: string): Record<Category, [string, string][]> => ({
  General: [
    [`What is ${product}?`, `${product} teaches the practical phrases you need every day, in short lessons with audio pronunciations for every phrase.`],
    ['Which languages can I learn?', 'Spanish, French, Italian, German, Japanese, Mandarin Chinese, Portuguese and Russian.'],
    ['Do I need to know any grammar first?', 'No. Lessons start with everyday situations; you learn useful phrases first and pick up the patterns as you go.'],
    ['How is a lesson organised?', 'Pick a language and a level, then open a lesson. Listen to each phrase and reveal its translation when you are ready.'],
  ],
  Account: [
    [
      'Do I need an account to learn?',
      'No. You can browse languages, levels and lessons on the website without signing up. The mobile app keeps your progress and goals.',
    ],
    ['What is the minimum age?', `You must be at least 13 years old to use ${product}.`],
    ['How can I delete my data?', 'Send us a request through the support page and we will delete the data linked to your e-mail address.'],
  ],
  Subscription: [
    ['Is it free?', 'Yes. The free tier gives you basic content. Premium adds all content, no ads and offline use.'],
    ['How much does premium cost?', 'Premium costs 9.99 per month or 79.99 per year.'],
    ['What do I get with premium?', 'All lessons and levels, including locked premium content, no ads, and offline use in the mobile app.'],
    [
      'How do I cancel?',
      'Cancel at any time in the subscription settings of the App Store or Google Play; premium stays active until the end of the paid period.',
    ],
  ],
  Technical: [
    ['The audio does not play. What can I do?', 'Check that your device is not muted and that your browser allows sound for this site, then reload the page.'],
    ['Can I learn offline?', 'Yes, in the mobile app with premium: downloaded lessons work without an internet connection.'],
    ['Which devices are supported?', 'The website works in current versions of Chrome, Edge, Firefox and Safari. The app runs on iPhone and Android phones.'],
  ],
});

const useStyles = makeStyles({
  page: READING_COLUMN,
  lead: { color: tokens.colorNeutralForeground2 },
  tabs: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  tab: {
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: `3px solid transparent`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    ':hover': { color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
    '&[aria-selected="true"]': { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, borderBottomColor: tokens.colorBrandStroke1 },
  },
  // Without script no tab switches: every category shows.
  panel: { [`:global(html:not(${sel(SITE.js)}))`]: { display: 'block !important' } },
  list: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    padding: tokens.spacingVerticalS,
    boxShadow: tokens.shadow4,
  },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, ':last-child': { borderBottom: 'none' } },
  summary: {
    ...summaryRow,
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  question: summaryHeading,
  chevron: { flexShrink: 0, fontSize: '20px', ':is([open] > summary > *)': { transform: 'rotate(180deg)' } },
  answer: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  help: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
});

const panelId = (c: Category) => `faq-${c.toLowerCase()}`;

export default function FaqPage() {
  const s = useStyles();
  const all = faqs(config().productName);
  return (
    <div className={s.page}>
      <MobileBack fallback="/" />
      <Title1 as="h1">Frequently Asked Questions</Title1>
      <Body1 className={s.lead}>Answers to the questions learners ask most. Choose a topic:</Body1>
      <div role="tablist" aria-label="FAQ categories" className={s.tabs}>
        {CATEGORIES.map((c, i) => (
          <button
            key={c}
            type="button"
            role="tab"
            id={`${panelId(c)}-tab`}
            aria-controls={panelId(c)}
            aria-selected={i === 0}
            tabIndex={i === 0 ? 0 : -1}
            className={s.tab}
          >
            {c}
          </button>
        ))}
      </div>
      {CATEGORIES.map((c, i) => (
        <div key={c} id={panelId(c)} role="tabpanel" aria-label={`${c} questions`} className={mergeClasses(s.panel, s.list)} hidden={i > 0}>
          {all[c].map(([q, a]) => (
            <details key={q} name={panelId(c)} className={s.item}>
              <summary className={s.summary}>
                <h2 className={s.question}>{q}</h2>
                <ChevronDownRegular className={s.chevron} aria-hidden />
              </summary>
              <Body1 as="p" className={s.answer}>
                {a}
              </Body1>
            </details>
          ))}
        </div>
      ))}
      <Card className={s.help}>
        <Subtitle1 as="h2">Still have questions?</Subtitle1>
        <Body1>
          Our team is happy to help. Write to us through the <Link to={pages.support}>support page</Link> or e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Body1>
        <ButtonLink to={pages.support} appearance="primary">
          Contact Support
        </ButtonLink>
      </Card>
    </div>
  );
}
