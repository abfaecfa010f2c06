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

/** Two columns (`columns`, a grid template) from 900 px; below that, one column (admin Overview, profile page). */
export const twoColumns = (columns: string): GriffelStyle => ({
  display: 'grid',
  gap: tokens.spacingHorizontalXXL,
  alignItems: 'start',
  gridTemplateColumns: columns,
  '@media (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
});
