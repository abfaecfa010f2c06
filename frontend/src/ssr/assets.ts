/**
 * The two files every public page shares (docs/rendering.md "One stylesheet, one icon sheet"):
 * the site's stylesheet, `/static/site-{hash}.css`, made from every style hook the server bundle
 * holds (ssr/griffel.ts: Fluent's components and ours) and the theme's variables; and its icon
 * sheet, `/static/icons-{hash}.svg`, one `<symbol>` per one-colour icon (ssr/icons.tsx). Both are
 * made the same way by the build (which writes them beside the other hashed files: vite.config.ts)
 * and by the renderer when it starts (which links them): same code, same modules, same bytes. A
 * page inlines only a rule the stylesheet lacks, which the tests keep at none.
 */
import { createDOMRenderer, FluentProvider, RendererProvider, renderToStyleElements, SSRProvider, type GriffelRenderer } from '@fluentui/react-components';
import { createHash } from 'node:crypto';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { theme } from '../theme/theme';
import { styleHooks } from './griffel';
import { setIconSheet, SHEET_FILL, sheetIcons } from './icons';

/** Vite's assetsDir (frontend/vite.config.ts): hashed files, cached for a year and never pruned. */
const HASHED_DIR = 'static';

export interface SharedFile {
  /** Its name under the site's root, e.g. `static/site-0123abcd.css`. */
  file: string;
  url: string;
  text: string;
}

export interface SiteAssets {
  stylesheet: SharedFile;
  icons: SharedFile;
  /** The CSS rules the stylesheet holds, as Griffel keys them: a page inlines only rules not in here. */
  rules: ReadonlySet<string>;
  /** Griffel's class names and the short names the stylesheet and the pages write instead (shortNames()). */
  short: ReadonlyMap<string, string>;
  /** The theme's `<style>` element as FluentProvider writes it into a page: the stylesheet holds its rule. */
  themeStyle: string;
}

function shared(name: string, ext: string, text: string): SharedFile {
  const file = `${HASHED_DIR}/${name}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.${ext}`;
  return { file, url: `/${file}`, text };
}

/** Griffel's rules of a renderer as one stylesheet, in the order its style elements would have (buckets, media queries). */
export function cssOf(renderer: GriffelRenderer) {
  return renderToStyleElements(renderer)
    .map((el) => {
      const { media, dangerouslySetInnerHTML } = el.props as { media?: string; dangerouslySetInnerHTML: { __html: string } };
      const css = dangerouslySetInnerHTML.__html;
      return media && !css.startsWith('@media') ? `@media ${media}{${css}}` : css;
    })
    .join('\n');
}

/** Runs every style hook once, inside `renderer`: each inserts all of its rules, and its class names go into `names`. */
function AllStyles({ names }: { names: Set<string> }) {
  for (const hook of styleHooks) {
    const made = hook();
    const lists = typeof made === 'string' ? [made] : made && typeof made === 'object' ? Object.values(made) : [];
    for (const list of lists) if (typeof list === 'string') for (const name of list.split(' ')) if (name && !name.startsWith('___')) names.add(name);
  }
  return null;
}

/**
 * Short class names (`A`, `B`, … `Z`, `Aa`, … `Z9`, …) for Griffel's 7–9 character ones: its atomic
 * CSS gives an element a dozen classes, so on a lesson page the names were half of the HTML. The
 * first letter is upper case and the rest never is, so no two names differ only by case and none is
 * one of Fluent's (`fui-…`) or ours. Given in the order the hooks made them: the same in the build and
 * the render function. No script reads these names: public pages are never hydrated, and the islands
 * find their elements by data attributes (shared/markup.ts).
 */
function shortNames(names: Iterable<string>) {
  const first = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rest = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const nameOf = (i: number) => {
    let name = first[i % first.length];
    for (let n = Math.floor(i / first.length); n > 0; n = Math.floor((n - 1) / rest.length)) name += rest[(n - 1) % rest.length];
    return name;
  };
  return new Map([...names].map((name, i) => [name, nameOf(i)]));
}

/** `css` with each class selector of a Griffel name (`.f1abc23`, not `.fui-Button`) written with its short name. */
const shortenCss = (css: string, short: ReadonlyMap<string, string>) =>
  css.replace(/\.([a-z][a-z0-9]*)(?![\w-])/g, (sel, name: string) => (short.has(name) ? `.${short.get(name)}` : sel));

const iconSheet = () =>
  [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...[...sheetIcons.values()]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((i) => `<symbol id="${i.id}" viewBox="0 0 ${i.size} ${i.size}" fill="${SHEET_FILL}">${i.paths.map((d) => `<path d="${d}"/>`).join('')}</symbol>`),
    '</svg>',
  ].join('');

async function make(loadPages: () => Promise<void>): Promise<SiteAssets> {
  await loadPages();
  const renderer = createDOMRenderer();
  const names = new Set<string>();
  renderToStaticMarkup(createElement(RendererProvider, { renderer, children: createElement(AllStyles, { names }) }));
  const short = shortNames(names);
  const provider = renderToStaticMarkup(createElement(SSRProvider, null, createElement(FluentProvider, { theme }, createElement(Fragment))));
  const themeStyle = /<style[^>]*>[^<]*<\/style>/.exec(provider)?.[0] ?? '';
  const themeRule = themeStyle.replace(/^<style[^>]*>|<\/style>$/g, '');
  const stylesheet = shared('site', 'css', `${themeRule}\n${shortenCss(cssOf(renderer), short)}\n`);
  const icons = shared('icons', 'svg', iconSheet());
  setIconSheet(icons.url);
  return { stylesheet, icons, rules: new Set(Object.keys(renderer.insertionCache)), short, themeStyle };
}

/**
 * The shared files, made once per process, once `loadPages` has loaded every page module (one
 * after the other in the route table's order: the modules then run, and make their hooks and
 * icons, in the same order in the build as in the render function; so it runs before any page renders).
 */
export function sharedFiles(loadPages: () => Promise<void>) {
  let made: Promise<SiteAssets> | undefined;
  return () => (made ??= make(loadPages));
}

/**
 * A page's class lists with the stylesheet's short names, and without Griffel's sequence marks
 * (`___1dfah2f_1pdtpii`): they let `mergeClasses` merge class lists in the browser, which never
 * runs on a page that is never hydrated, and no rule selects them.
 */
const shortenClasses = (app: string, short: ReadonlyMap<string, string>) =>
  app.replace(/ class="([^"]*)"/g, (_, list: string) => {
    const names = list.split(' ').filter((name) => name && !name.startsWith('___'));
    return ` class="${names.map((name) => short.get(name) ?? name).join(' ')}"`;
  });

/**
 * A page's styles: the link to the stylesheet, then any rule it lacks (none on today's pages);
 * and the page's markup without the theme's `<style>` (the stylesheet holds it), its classes short.
 */
export function pageStyles(assets: SiteAssets, renderer: GriffelRenderer, app: string) {
  const rest = renderToStaticMarkup(createElement(Fragment, null, ...renderToStyleElements(renderer)));
  return {
    head: `<link rel="stylesheet" href="${assets.stylesheet.url}">${rest}`,
    app: shortenClasses(assets.themeStyle ? app.replace(assets.themeStyle, '') : app, assets.short),
  };
}

/** The renderer a page renders with: it keeps (for inlining) only the rules the stylesheet lacks. */
export const pageRenderer = (assets: SiteAssets) => createDOMRenderer(undefined, { unstable_filterCSSRule: (css) => !assets.rules.has(css) });
