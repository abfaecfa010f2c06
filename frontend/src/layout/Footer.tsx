/** Site footer: description, quick links (the 'Admin' link is for everyone), legal, contact, year. */
import { Body1, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { config } from '../config';

const QUICK = [
  ['/', 'Home'],
  ['/blog', 'Blog'],
  ['/languages', 'Languages'],
  ['/faq', 'FAQ'],
  ['/support', 'Support'],
  ['/admin', 'Admin'],
];
const LEGAL = [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-use', 'Terms of Use'],
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
    '@media (max-width: 767px)': { gridTemplateColumns: '1fr 1fr' },
  },
  col: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  link: { color: tokens.colorNeutralForeground2, textDecoration: 'none', ':hover': { textDecoration: 'underline' } },
  bottom: { display: 'block', margin: 0, textAlign: 'center', padding: tokens.spacingVerticalL, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, color: tokens.colorNeutralForeground3 },
});

export function Footer() {
  const s = useStyles();
  const product = config().productName;
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.col}>
          <Subtitle2 as="h2">{product}</Subtitle2>
          <Body1>Learn practical everyday phrases with audio pronunciations, one short lesson at a time.</Body1>
        </div>
        <nav className={s.col} aria-label="Quick Links">
          <Subtitle2 as="h2">Quick Links</Subtitle2>
          {QUICK.map(([to, label]) => (
            <Link key={to} to={to} className={s.link}>
              {label}
            </Link>
          ))}
        </nav>
        <nav className={s.col} aria-label="Legal">
          <Subtitle2 as="h2">Legal</Subtitle2>
          {LEGAL.map(([to, label]) => (
            <Link key={to} to={to} className={s.link}>
              {label}
            </Link>
          ))}
        </nav>
        <div className={s.col}>
          <Subtitle2 as="h2">Contact</Subtitle2>
          <Link to="/support" className={s.link}>
            Support
          </Link>
          <a className={s.link} href="mailto:info@parrotphrases.example">
            info@parrotphrases.example
          </a>
        </div>
      </div>
      <Caption1 as="p" className={s.bottom}>
        © {new Date().getFullYear()} {product}. All rights reserved.
      </Caption1>
    </footer>
  );
}
