/**
 * The responsive grids of cards on public pages (languages, blog posts): `columns` per screen width,
 * e.g. `{ wide: 3, 1023: 2, 639: 1 }` means 3 columns, 2 at 1023 px and below, 1 at 639 px and below.
 */
import type { GriffelStyle } from '@fluentui/react-components';

const repeat = (n: number) => (n === 1 ? '1fr' : `repeat(${n}, minmax(0, 1fr))`);

export function cardGrid(gap: string, { wide, ...below }: { wide: number } & Record<number, number>): GriffelStyle {
  // Widest first, so that a narrower query written later wins where both apply.
  const queries = Object.entries(below)
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([width, n]) => [`@media (max-width: ${width}px)`, { gridTemplateColumns: repeat(n) }]);
  return {
    display: 'grid',
    gap,
    gridTemplateColumns: repeat(wide),
    listStyleType: 'none',
    padding: 0,
    margin: 0,
    ...(Object.fromEntries(queries) as GriffelStyle),
  };
}
