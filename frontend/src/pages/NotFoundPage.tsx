import { makeStyles, Title1, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';

const useStyles = makeStyles({
  root: { textAlign: 'center', padding: `${tokens.spacingVerticalXXXL} 0`, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'center' },
  code: { fontSize: '72px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, lineHeight: 1 },
});

export default function NotFoundPage() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <p className={s.code} aria-hidden>
        404
      </p>
      <Title1 as="h1">Oops! Page not found</Title1>
      <Link to="/">Return to Home</Link>
    </div>
  );
}
