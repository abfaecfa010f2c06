/** Any unknown path: 'Oops! Page not found' with 'Return to Home'. */
import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { ButtonLink } from '../components/ButtonLink';
import { pages } from '@shared/urls';

const useStyles = makeStyles({
  root: {
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXXXL} 0`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    alignItems: 'center',
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  code: { fontSize: '96px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, lineHeight: 1, margin: 0 },
  parrot: { width: '96px', height: '96px' },
  text: { color: tokens.colorNeutralForeground2, maxWidth: '420px' },
});

export default function NotFoundPage() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <img src="/favicon.svg" alt="" width={96} height={96} className={s.parrot} />
      <p className={s.code} aria-hidden>
        404
      </p>
      <Title1 as="h1">Oops! Page not found</Title1>
      <Body1 className={s.text}>Even our parrot couldn't find this page. It may have moved, or the address may be mistyped.</Body1>
      <ButtonLink to={pages.home} appearance="primary">
        Return to Home
      </ButtonLink>
    </div>
  );
}
