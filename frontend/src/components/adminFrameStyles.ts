/** The back office frame's styles: the header of AdminLayout, and the same frame drawn before the app (AdminFrameSkeleton). */
import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_WIDTH, visuallyHidden } from '../theme/styles';

export const narrow = '@media (max-width: 767px)';
export const useFrameStyles = makeStyles({
  header: { backgroundColor: tokens.colorNeutralBackground1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  inner: {
    maxWidth: PAGE_WIDTH,
    margin: '0 auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} 0`,
    boxSizing: 'border-box',
    [narrow]: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minHeight: '48px' },
  brand: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '44px',
    minWidth: '44px',
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    ':hover': { textDecoration: 'underline' },
  },
  logo: { height: '32px', width: 'auto', maxWidth: '120px', objectFit: 'contain' },
  // On phones the logo alone links home (the link keeps the product's name), leaving room for the title.
  productName: { [narrow]: visuallyHidden },
  title: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
    [narrow]: { fontSize: tokens.fontSizeBase400, paddingLeft: 0, borderLeft: 'none' },
  },
  account: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto', flexShrink: 0 },
  // 44 px targets at every width (a tablet in landscape is wide and still touched).
  target: { minHeight: '44px', minWidth: '44px' },
  // Icon-only on phones; the text stays the button's name.
  buttonText: { [narrow]: visuallyHidden },
  sections: { marginTop: tokens.spacingVerticalXS, [narrow]: { marginTop: tokens.spacingVerticalS } },
  main: { [narrow]: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` } },
});
