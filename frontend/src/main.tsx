/**
 * The back office app in the browser (/admin, /auth, /profile): the shell the server sends has no
 * content, only the runtime config inline (or, on Vite's dev server, /config.json). Public pages
 * never load this file: their script is islands/loader.ts. The same instant listeners run here,
 * for the public frame that sign-in and profile sit in (cookie banner, promo bar, Back).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BOOT_ELEMENT_ID, type BootData } from '@shared/render';
import { App } from './App';
import { installInstant } from './islands/instant';
import { loadConfig, setConfig } from './config';

function rootElement() {
  const el = document.getElementById('root');
  if (!el) throw new Error('The page has no #root element to render into');
  return el;
}

async function start() {
  const boot = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (boot) setConfig((JSON.parse(boot) as BootData).config);
  else await loadConfig();
  installInstant();
  createRoot(rootElement()).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
