/** Style pieces that several components spread into their own makeStyles: one definition each. */
import { tokens, type GriffelStyle } from '@fluentui/react-components';

/** Off screen but still read by screen readers (the usual clip pattern). */
export const visuallyHidden: GriffelStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** How wide a page's content grows, public site and back office alike (header rows and <main>). */
export const PAGE_WIDTH = '1200px';
/**
 * How wide a reading page's column is (lesson, practice, review, FAQ, legal pages, support, blog
 * post, offline, locked content): narrower than the grids of the browsing pages, and the same on each.
 */
export const READING_WIDTH = '860px';

/** A reading page's column: centred at READING_WIDTH, its blocks stacked with the page's gap and no margins of their own. */
export const READING_COLUMN: GriffelStyle = {
  maxWidth: READING_WIDTH,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.spacingVerticalL,
  '& h1, & h2, & h3, & p': { margin: 0 },
};

/** A link in running text: the design's link colours, never the browser's default blue and purple. */
export const PROSE_LINK: GriffelStyle = {
  color: tokens.colorBrandForegroundLink,
  ':hover': { color: tokens.colorBrandForegroundLinkHover },
  ':active': { color: tokens.colorBrandForegroundLinkPressed },
};

/** Two columns (`columns`, a grid template) from 900 px; below that, one column (admin Overview, profile page). */
export const twoColumns = (columns: string): GriffelStyle => ({
  display: 'grid',
  gap: tokens.spacingHorizontalXXL,
  alignItems: 'start',
  gridTemplateColumns: columns,
  '@media (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
});

/**
 * A <summary> that shows as a row (a section's or a question's header): no marker, a pointer, a
 * 44 px touch target and the focus ring. Its disclosure opens natively, with or without script.
 */
export const summaryRow: GriffelStyle = {
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  cursor: 'pointer',
  listStyleType: 'none',
  '::-webkit-details-marker': { display: 'none' },
  ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
};

/** The heading inside such a summary: the row's title, without a heading's margins. */
export const summaryHeading: GriffelStyle = {
  margin: 0,
  fontSize: tokens.fontSizeBase400,
  lineHeight: tokens.lineHeightBase400,
  fontWeight: tokens.fontWeightSemibold,
};

/**
 * A bare icon button of the public pages' frame and rows (the menu, 'Share', the search box's
 * button): the icon centred, no frame, a subtle hover, the focus ring. Each sets its own size.
 */
export const ICON_BUTTON: GriffelStyle = {
  display: 'grid',
  placeItems: 'center',
  padding: 0,
  border: 'none',
  borderRadius: tokens.borderRadiusMedium,
  backgroundColor: 'transparent',
  color: tokens.colorNeutralForeground2,
  fontSize: '20px',
  cursor: 'pointer',
  ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
};
