/** The brand theme: a parrot green ramp for Fluent's brand tokens; the orange CTA comes from settings. */
import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

const parrot: BrandVariants = {
  10: '#020604',
  20: '#0c211a',
  30: '#0c372b',
  40: '#0a4537',
  50: '#075444',
  60: '#036351',
  70: '#00725f',
  80: '#0f7b5f', // brand
  90: '#2a8d71',
  100: '#449c80',
  110: '#5dab90',
  120: '#75baa0',
  130: '#8dc9b1',
  140: '#a6d8c2',
  150: '#bfe6d4',
  160: '#d9f3e6',
};

export const theme: Theme = { ...createLightTheme(parrot), colorBrandBackground: parrot[80] };
