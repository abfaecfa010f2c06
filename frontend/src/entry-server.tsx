/**
 * The server renderer (built with `vite build --ssr` into one file): the public pages of the route
 * table, rendered at a URL from the API answers its caller (the render function) provides. The HTML
 * links the site's one stylesheet and draws icons from its one icon sheet (ssr/assets.ts: Griffel
 * renders Fluent's CSS at build time, the browser runs no style engine), and gets its
 * head (title, description, canonical, social cards, structured data) and the config its islands
 * read. It is never hydrated: its one script is the islands' loader (islands/loader.ts). The back
 * office, sign-in and profile get the shell, whose script is the app (main.tsx).
 */
import { createDOMRenderer, FluentProvider, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import { PassThrough } from 'node:stream';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes } from 'react-router-dom';
import { pageTemplate, shellTemplate } from 'virtual:client-build';
import { BOOT_ELEMENT_ID, type ApiAnswer, type BootData, type RenderEntry } from '@shared/render';
import { HEAD_SCRIPT } from '@shared/head-script';
import { cacheEntries } from './api/hydrate';
import { PostedFormContext } from './ssr/posted';
import { pageRenderer, pageStyles, sharedFiles } from './ssr/assets';
import { keys } from './api/keys';
import { AdminFrameSkeleton } from './components/AdminFrameSkeleton';
import { App } from './App';
import { setConfig } from './config';
import { favicon, headFor } from './ssr/head';
import { loadPage, NOT_FOUND_PATH, siteRoutes } from './routes';
import { theme } from './theme/theme';

function match(url: string) {
  const u = new URL(url, 'http://x');
  const m = matchRoutes(siteRoutes, u.pathname)?.at(-1);
  if (!m) throw new Error(`No route for ${url}`); // the table ends with '*'
  return { route: m.route, params: m.params, search: u.searchParams, pathname: u.pathname };
}

const escapeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

// Replacements are functions: a string replacement would read `$&` or `$'` in content as patterns.
function fill(template: string, parts: { head: string; app: string; boot: BootData }) {
  return template
    .replace('<!--head-->', () => `<script>${HEAD_SCRIPT}</script>${parts.head}`)
    .replace('<!--app-->', () => parts.app)
    .replace('<!--boot-->', () => `<script type="application/json" id="${BOOT_ELEMENT_ID}">${escapeJson(parts.boot)}</script>`);
}

async function toString(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const c of stream.pipe(new PassThrough())) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const notFound = (a: ApiAnswer | undefined) => !!a && (a.status === 404 || a.status === 400);

/** The page's own API reads (the site settings aside, which every page reads). */
const ownKeys = ({ route, params, search }: ReturnType<typeof match>) => route.data?.(params, search).filter((k): k is string => !!k) ?? [];

export const entry: RenderEntry = {
  plan(url) {
    const m = match(url);
    return m.route.ssr ? [keys.settings, ...ownKeys(m)] : null;
  },

  async render({ url, origin, config, answers, form }) {
    setConfig(config);
    const m = match(url);
    const { route, params, pathname } = m;
    const location = route.redirect?.(params, answers);
    if (location) return { status: 302, location, html: '' };
    const badInput = route.badInput && ownKeys(m).some((k) => (answers[k] as ApiAnswer | undefined)?.status === 400);
    const status = badInput ? 400 : route.path === NOT_FOUND_PATH || ownKeys(m).some((k) => notFound(answers[k])) ? 404 : 200;

    // Before any page module loads (ssr/assets.ts makes the shared files from all of them, in order).
    const assets = await siteAssets();
    await loadPage(route.page);
    const renderer = pageRenderer(assets);
    const cache = new Map(cacheEntries(answers));
    // Set by onError while rendering (a property, as TypeScript cannot see a callback change a local).
    const outcome = { failed: false };
    const { prelude } = await prerenderToNodeStream(
      <RendererProvider renderer={renderer}>
        <SSRProvider>
          <PostedFormContext.Provider value={form}>
            <App location={url} swr={{ provider: () => cache }} />
          </PostedFormContext.Provider>
        </SSRProvider>
      </RendererProvider>,
      {
        // One piece of HTML: React would otherwise move large finished parts to the end of the
        // stream and put them in place with inline scripts, which the CSP (rightly) blocks.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // An error inside a page would otherwise only leave a client-render marker in the HTML.
        onError: (e) => {
          outcome.failed = true;
          console.error(JSON.stringify({ level: 'ERROR', msg: 'render failed', url, error: String(e), stack: e instanceof Error ? e.stack : undefined }));
        },
      },
    );
    const styles = pageStyles(assets, renderer, await toString(prelude));
    const head = headFor({ pathname, route: route.path, params, status, origin, config, answers, noindex: route.noindex });
    // A page that threw is a 500: the render function answers its failure page instead, never stored.
    return {
      status: outcome.failed ? 500 : status,
      html: fill(pageTemplate, { head: head + styles.head, app: styles.app, boot: { config } }),
      daily: route.daily,
    };
  },

  shell(config, pathname) {
    // The back office's frame is drawn at once (its skeleton), not a white page until the app's chunks arrive.
    let frame = '';
    let styles = '';
    if (pathname === '/admin' || pathname?.startsWith('/admin/')) {
      const renderer = createDOMRenderer();
      frame = renderToStaticMarkup(
        <RendererProvider renderer={renderer}>
          <SSRProvider>
            <FluentProvider theme={theme}>
              <AdminFrameSkeleton productName={config.productName} />
            </FluentProvider>
          </SSRProvider>
        </RendererProvider>,
      );
      styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
    }
    return fill(shellTemplate, { head: `${favicon()}<title>${config.productName}</title>${styles}`, app: frame, boot: { config } });
  },
};

/** The stylesheet and icon sheet the pages link; the build writes the same ones beside its other hashed files (frontend/vite.config.ts). */
export const siteAssets = sharedFiles(async () => {
  for (const route of siteRoutes.filter((r) => r.ssr)) await loadPage(route.page);
});
