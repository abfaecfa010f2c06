/**
 * /faq: four category filters and collapsible, single-open questions (facts from spec section 9),
 * then links to /support and the support e-mail.
 */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Card,
  makeStyles,
  Subtitle1,
  Tab,
  TabList,
  Title1,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../components/ButtonLink';
import { config } from '../config';
import { SUPPORT_EMAIL } from '../layout/contact';
import { MobileBack } from '../layout/MobileBack';

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
  page: { maxWidth: '860px', margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, '& h1, & h2, & h3, & p': { margin: 0 } },
  lead: { color: tokens.colorNeutralForeground2 },
  tabs: { flexWrap: 'wrap' },
  list: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    padding: tokens.spacingVerticalS,
    boxShadow: tokens.shadow4,
  },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, ':last-child': { borderBottom: 'none' } },
  answer: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  help: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
});

export default function FaqPage() {
  const s = useStyles();
  const [category, setCategory] = useState<Category>('General');
  const items = faqs(config().productName)[category];
  return (
    <div className={s.page}>
      <MobileBack fallback="/" />
      <Title1 as="h1">Frequently Asked Questions</Title1>
      <Body1 className={s.lead}>Answers to the questions learners ask most. Choose a topic:</Body1>
      <TabList selectedValue={category} onTabSelect={(_, d) => setCategory(d.value as Category)} aria-label="FAQ categories" className={s.tabs}>
        {CATEGORIES.map((c) => (
          <Tab key={c} value={c}>
            {c}
          </Tab>
        ))}
      </TabList>
      {/* keyed by category so switching topics starts with every question closed */}
      <Accordion key={category} collapsible className={s.list} role="tabpanel" aria-label={`${category} questions`}>
        {items.map(([q, a]) => (
          <AccordionItem key={q} value={q} className={s.item}>
            <AccordionHeader as="h2" size="large" expandIconPosition="end">
              {q}
            </AccordionHeader>
            <AccordionPanel>
              <Body1 as="p" className={s.answer}>
                {a}
              </Body1>
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
      <Card className={s.help}>
        <Subtitle1 as="h2">Still have questions?</Subtitle1>
        <Body1>
          Our team is happy to help. Write to us through the <Link to="/support">support page</Link> or e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Body1>
        <ButtonLink to="/support" appearance="primary">
          Contact Support
        </ButtonLink>
      </Card>
    </div>
  );
}
