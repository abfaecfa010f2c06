/**
 * Site footer: description, app buttons (only when a store link is set), Quick Links (the 'Admin'
 * link is for everyone), Legal, Contact, social links (only those set), copyright with the year.
 */
import { Body1, Caption1, makeStyles, mergeClasses, Subtitle2, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import type { SiteSettings } from '@shared/contracts/settings';
import { useSettings } from '../api/settings';
import { config } from '../config';
import { INFO_EMAIL } from './contact';
import { pages } from '@shared/urls';

const QUICK = [
  [pages.home, 'Home'],
  [pages.blog, 'Blog'],
  [pages.languages, 'Languages'],
  [pages.offline, 'Offline lessons'],
  [pages.faq, 'FAQ'],
  [pages.support, 'Support'],
  [pages.admin, 'Admin'],
];
const LEGAL = [
  [pages.privacyPolicy, 'Privacy Policy'],
  [pages.termsOfUse, 'Terms of Use'],
];
const SOCIAL: [keyof SiteSettings, string][] = [
  ['facebook_link', 'Facebook'],
  ['twitter_link', 'Twitter'],
  ['instagram_link', 'Instagram'],
  ['linkedin_link', 'LinkedIn'],
  ['pinterest_link', 'Pinterest'],
];

const useStyles = makeStyles({
  footer: { backgroundColor: tokens.colorNeutralBackground3, marginTop: tokens.spacingVerticalXXXL, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  inner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: '2fr 1fr 1fr 1fr',
    boxSizing: 'border-box',
    '@media (max-width: 767px)': { gridTemplateColumns: '1fr 1fr' },
  },
  about: { '@media (max-width: 767px)': { gridColumn: '1 / -1' } },
  col: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  link: { color: tokens.colorNeutralForeground2, textDecoration: 'none', ':hover': { textDecoration: 'underline' } },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  store: {
    display: 'inline-flex',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralForeground1,
    color: tokens.colorNeutralBackground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralForeground2 },
  },
  social: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  heading: { margin: 0 },
  bottom: {
    display: 'block',
    margin: 0,
    textAlign: 'center',
    padding: tokens.spacingVerticalL,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
  },
});

export function Footer() {
  const s = useStyles();
  const { settings } = useSettings();
  const product = config().productName;
  const stores = [
    [settings.app_store_link, 'App Store'],
    [settings.play_store_link, 'Play Store'],
  ].filter(([href]) => href);
  const socials = SOCIAL.filter(([key]) => settings[key]);
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={mergeClasses(s.col, s.about)}>
          <Subtitle2 as="h2" className={s.heading}>
            {product}
          </Subtitle2>
          <Body1>Learn practical everyday phrases with audio pronunciations, one short lesson at a time.</Body1>
          {stores.length > 0 && (
            <div className={s.row}>
              {stores.map(([href, label]) => (
                <a key={label} href={href} target="_blank" rel="noopener noreferrer" className={s.store}>
                  {label}
                </a>
              ))}
            </div>
          )}
          {socials.length > 0 && (
            <ul className={s.row} aria-label="Follow us" style={{ listStyle: 'none', padding: 0, margin: `${tokens.spacingVerticalS} 0 0` }}>
              {socials.map(([key, label]) => (
                <li key={key}>
                  <a href={String(settings[key])} target="_blank" rel="noopener noreferrer" className={s.social}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav className={s.col} aria-label="Quick Links">
          <Subtitle2 as="h2" className={s.heading}>
            Quick Links
          </Subtitle2>
          {QUICK.map(([to, label]) => (
            <Link key={to} to={to} className={s.link}>
              {label}
            </Link>
          ))}
        </nav>
        <nav className={s.col} aria-label="Legal">
          <Subtitle2 as="h2" className={s.heading}>
            Legal
          </Subtitle2>
          {LEGAL.map(([to, label]) => (
            <Link key={to} to={to} className={s.link}>
              {label}
            </Link>
          ))}
        </nav>
        <div className={s.col}>
          <Subtitle2 as="h2" className={s.heading}>
            Contact
          </Subtitle2>
          <Link to={pages.support} className={s.link}>
            Support
          </Link>
          <a className={s.link} href={`mailto:${INFO_EMAIL}`}>
            {INFO_EMAIL}
          </a>
        </div>
      </div>
      <Caption1 as="p" className={s.bottom}>
        © {new Date().getUTCFullYear()} {product}. All rights reserved.
      </Caption1>
    </footer>
  );
}
