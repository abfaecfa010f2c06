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
import { setIconSheet, sheetIcons } from './icons';

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

/** Runs every style hook once, inside `renderer`: each inserts all of its rules. */
function AllStyles() {
  for (const hook of styleHooks) hook();
  return null;
}

const iconSheet = () =>
  [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...[...sheetIcons.values()]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((i) => `<symbol id="${i.id}" viewBox="0 0 ${i.size} ${i.size}">${i.paths.map((d) => `<path d="${d}"/>`).join('')}</symbol>`),
    '</svg>',
  ].join('');

async function make(loadPages: () => Promise<void>): Promise<SiteAssets> {
  await loadPages();
  const renderer = createDOMRenderer();
  renderToStaticMarkup(createElement(RendererProvider, { renderer, children: createElement(AllStyles) }));
  const provider = renderToStaticMarkup(createElement(SSRProvider, null, createElement(FluentProvider, { theme }, createElement(Fragment))));
  const themeStyle = /<style[^>]*>[^<]*<\/style>/.exec(provider)?.[0] ?? '';
  const themeRule = themeStyle.replace(/^<style[^>]*>|<\/style>$/g, '');
  const stylesheet = shared('site', 'css', `${themeRule}\n${cssOf(renderer)}\n`);
  const icons = shared('icons', 'svg', iconSheet());
  setIconSheet(icons.url);
  return { stylesheet, icons, rules: new Set(Object.keys(renderer.insertionCache)), themeStyle };
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
 * Griffel's sequence marks (`___1dfah2f_1pdtpii`): they let `mergeClasses` merge class lists in the
 * browser, which never runs on a page that is never hydrated, and no rule selects them.
 */
const SEQUENCE_MARK = /(?<=[" ])___[a-z0-9]+(?:_[a-z0-9]+)? ?/g;
const dropSequenceMarks = (app: string) => app.replace(/ class="[^"]*"/g, (attr) => attr.replace(SEQUENCE_MARK, '').replace(/ "$/, '"'));

/**
 * A page's styles: the link to the stylesheet, then any rule it lacks (none on today's pages);
 * and the page's markup without the theme's `<style>` (the stylesheet holds it) and Griffel's sequence marks.
 */
export function pageStyles(assets: SiteAssets, renderer: GriffelRenderer, app: string) {
  const rest = renderToStaticMarkup(createElement(Fragment, null, ...renderToStyleElements(renderer)));
  return {
    head: `<link rel="stylesheet" href="${assets.stylesheet.url}">${rest}`,
    app: dropSequenceMarks(assets.themeStyle ? app.replace(assets.themeStyle, '') : app),
  };
}

/** The renderer a page renders with: it keeps (for inlining) only the rules the stylesheet lacks. */
export const pageRenderer = (assets: SiteAssets) => createDOMRenderer(undefined, { unstable_filterCSSRule: (css) => !assets.rules.has(css) });
