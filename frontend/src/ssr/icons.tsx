/**
 * Fluent's `createFluentIcon` as the server build sees it (frontend/vite.config.ts): a one-colour
 * icon draws `<use href="/static/icons-{hash}.svg#Name">` from the site's icon sheet instead of
 * carrying its paths, so a page repeating an icon repeats a few bytes and the paths are downloaded
 * once for every page. Every icon made is listed: the sheet holds each one the pages can use
 * (ssr/assets.ts). Colour icons (gradients, ids) keep their inline markup.
 */
import { cloneElement, createElement, forwardRef, type ReactElement, type Ref, type SVGProps } from 'react';
// The library's own factory: this module replaces it for every other importer, not for itself.
import { createFluentIcon as inlineIcon } from 'virtual:fluent-inline-icon';
import type { FluentIconsProps } from '@fluentui/react-icons';

type Options = Parameters<typeof inlineIcon>[3];

/** One symbol of the sheet: its id (the icon's name), its square view box and its paths. */
export interface SheetIcon {
  id: string;
  size: string;
  paths: string[];
}

/** Every one-colour icon made so far, by name. */
export const sheetIcons = new Map<string, SheetIcon>();

/** The sheet's URL, set once the sheet is made (ssr/assets.ts); until then icons are drawn inline. */
let sheetUrl: string | undefined;
export const setIconSheet = (url: string) => {
  sheetUrl = url;
};

/** The fill of every symbol of the sheet: the text's colour, as Fluent's icons draw by default. */
export const SHEET_FILL = 'currentColor';

/** The view box edge of an icon of this width (Fluent's own rule: `1em` icons are drawn on 20). */
export const viewBoxOf = (width: string) => (width === '1em' ? '20' : width);

export const createFluentIcon = (name: string, width: string, pathsOrSvg: Parameters<typeof inlineIcon>[2], options?: Options) => {
  const Inline = inlineIcon(name, width, pathsOrSvg, options);
  const mono = Array.isArray(pathsOrSvg) && pathsOrSvg.every((p) => typeof p === 'string') && !options?.color;
  if (!mono) return Inline;
  sheetIcons.set(name, { id: name, size: viewBoxOf(width), paths: pathsOrSvg });
  // The inline icon's own element (its classes, size, label, fill), its paths swapped for the reference.
  const { render } = Inline as unknown as { render: (props: FluentIconsProps, ref: Ref<SVGSVGElement>) => ReactElement<SVGProps<SVGSVGElement>> };
  const Icon = forwardRef<SVGSVGElement, FluentIconsProps>((props, ref) => {
    const svg = render(props, ref);
    // The symbol carries the view box and the fill (a fill of its own keeps the icon inline), an
    // `<svg>` inside HTML needs no namespace, and no rule or script reads Fluent's `data-fui-icon`.
    if (!sheetUrl || svg.props.fill !== SHEET_FILL) return svg;
    const drop = { viewBox: undefined, xmlns: undefined, fill: undefined, 'data-fui-icon': undefined };
    return cloneElement(svg, drop as Partial<SVGProps<SVGSVGElement>>, createElement('use', { href: `${sheetUrl}#${name}` }));
  });
  Icon.displayName = name;
  return Icon;
};
