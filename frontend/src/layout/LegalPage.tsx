/** Frame of the static legal pages: title, 'Last Updated' (today, as the spec says), sections, a Back button. */
import { Body1, Caption1, makeStyles, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { renderTime } from '../ssr/clock';
import { MobileBack } from './MobileBack';

export interface LegalSection {
  title: string;
  body: ReactNode[];
}

const useStyles = makeStyles({
  page: {
    maxWidth: '820px',
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxShadow: tokens.shadow4,
    '@media (max-width: 767px)': { padding: tokens.spacingHorizontalL },
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  updated: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  p: { margin: 0, lineHeight: '1.7' },
});

const formatDay = (d: Date, timeZone?: string) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });

/**
 * 'Last Updated' is today. The server renders its own day (UTC; the CDN keeps these pages only
 * until midnight UTC) and hydration shows the same; then the browser switches to the visitor's day.
 */
function useToday() {
  const [day, setDay] = useState(() => formatDay(renderTime(), 'UTC'));
  useEffect(() => setDay(formatDay(new Date())), []);
  return day;
}

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const s = useStyles();
  const today = useToday();
  return (
    <article className={s.page}>
      <MobileBack fallback="/" always />
      <Title1 as="h1">{title}</Title1>
      <Caption1 as="p" className={s.updated}>
        Last Updated: {today}
      </Caption1>
      <Body1 as="p" className={s.p}>
        {intro}
      </Body1>
      {sections.map((sec) => (
        <section key={sec.title} className={s.section}>
          <Subtitle1 as="h2">{sec.title}</Subtitle1>
          {sec.body.map((b, i) => (
            <Body1 as="p" key={i} className={s.p}>
              {b}
            </Body1>
          ))}
        </section>
      ))}
    </article>
  );
}
