/**
 * A card's link: it wraps only the card's title (so the link is named by the title, and screen
 * readers list 'Beginner', not the card's whole text), and its ::after stretches over the card
 * (position: relative, as Fluent's Card is), so the whole card is still one click/tap target. The
 * focus ring is drawn on the card's edge.
 */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useCardLinkStyles = makeStyles({
  card: { position: 'relative', ':hover': { boxShadow: tokens.shadow16 } },
  link: {
    display: 'block',
    color: 'inherit',
    textDecoration: 'none',
    outlineStyle: 'none',
    '::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
      zIndex: 1,
      borderRadius: `var(--fui-Card--border-radius, ${tokens.borderRadiusMedium})`,
    },
    // Inside the card's edge: Fluent's Card clips what overflows it.
    ':focus-visible::after': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
});
