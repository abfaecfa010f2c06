/**
 * The app in the browser, loaded by boot.ts. A server-rendered page carries its config and API
 * answers inline: the page's chunk is loaded, the answers go into SWR's cache, and React hydrates
 * the HTML without fetching anything again. The back office shell and the Vite dev server's page
 * have no content: config (inline, or /config.json), then a plain render.
 */
import { createDOMRenderer, RendererProvider, SSRProvider } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { cache } from 'swr/_internal';
import { BOOT_ELEMENT_ID, type BootData } from '@shared/render';
import { cacheEntries, markServerAnswered, serverFirst } from './api/hydrate';
import { App } from './App';
import { loadConfig, setConfig } from './config';
import { setRenderedOn } from './ssr/clock';
import { loadPage, siteRoutes } from './routes';

function rootElement() {
  const el = document.getElementById('root');
  if (!el) throw new Error('The page has no #root element to render into');
  return el;
}
const root = rootElement();
const bootText = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
const boot = bootText ? (JSON.parse(bootText) as BootData) : undefined;

async function start() {
  if (!boot) await loadConfig();
  else {
    setConfig(boot.config);
    setRenderedOn(boot.renderedOn);
  }
  const match = matchRoutes(siteRoutes, window.location)?.at(-1);
  if (!boot || !root.hasChildNodes()) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  for (const [key, state] of cacheEntries(boot.answers)) cache.set(key, state);
  markServerAnswered(Object.keys(boot.answers));
  // Hydrating before the page's chunk is here would show the Suspense fallback over the HTML.
  if (match) await loadPage(match.route.page);
  hydrateRoot(
    root,
    <StrictMode>
      <RendererProvider renderer={createDOMRenderer(document)}>
        <SSRProvider>
          <App swr={{ use: [serverFirst] }} />
        </SSRProvider>
      </RendererProvider>
    </StrictMode>,
  );
}

void start();
