/**
 * The contract between the render function (functions/handlers/render.ts, which owns the data) and
 * the server renderer built from the frontend (frontend/src/entry-server.tsx, which owns the view).
 * The handler asks which API reads a URL needs, answers them in-process with the API's own
 * handlers, and hands the answers over; the page is rendered from exactly the bodies the API would
 * have sent. The answers stay on the server: a public page is never hydrated (its islands read the
 * markup), so they are not sent to the browser (docs/rendering.md).
 */

/** One API answer as the browser would have received it. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** The body of a key's 200 answer, else undefined (the read failed, or was not one the page made); the caller knows its type. */
export function okBody(answers: Partial<Record<string, ApiAnswer>>, key: string): unknown {
  const answer = answers[key];
  return answer?.status === 200 ? answer.body : undefined;
}

/** What a page's scripts need (its islands, the back office shell): the runtime config. */
export interface BootData {
  config: PublicConfig;
}

/** A form posted without script (the support form), answered with its page: what was typed, the field errors, the outcome. */
export interface PostedForm {
  values: Record<string, string>;
  errors: Record<string, string>;
  result?: { ok: boolean; text: string };
}

/** The runtime config of the SPA (also served as /config.json). */
export interface PublicConfig {
  productName: string;
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local twin only: cognito-local behind the gateway. */
  userPoolEndpoint?: string;
  mediaBaseUrl: string;
  /** The review reminders' VAPID public key (applicationServerKey); empty where reminders are not set up. */
  vapidPublicKey: string;
}

export interface RenderRequest {
  /** Path and query, e.g. `/fr/a1/greetings` or `/locked-content?type=level&...`. */
  url: string;
  /** `https://example.com`: canonical URLs and social cards are absolute. */
  origin: string;
  config: PublicConfig;
  answers: Record<string, ApiAnswer>;
  /** Set when answering a form the page posted (POST to the page's own path). */
  form?: PostedForm;
}

export interface RenderResult {
  status: number;
  html: string;
  /** The page shows today's date: the CDN may keep it only until midnight UTC. */
  daily?: boolean;
  /** Set with 301/302: where the page lives instead (a locked level or lesson). */
  location?: string;
}

export interface RenderEntry {
  /**
   * The API paths (relative to /api, e.g. `/pages/language/fr`) the page at `url` reads, or null
   * when the route is not rendered on the server (the back office, sign-in, profile): those get
   * the bare shell, which is personal to nobody and never holds data.
   */
  plan(url: string): string[] | null;
  render(req: RenderRequest): Promise<RenderResult>;
  /** The page of a route not rendered here; `pathname` picks what it shows before its script runs (the back office's frame). */
  shell(config: PublicConfig, pathname?: string): string;
}

/** Id of the inline `<script type="application/json">` that carries BootData. */
export const BOOT_ELEMENT_ID = 'pp-boot';

/** Where `vite build --ssr` puts the server renderer, inside the site build folder (never uploaded or served). */
export const SSR_BUILD_DIR = '.ssr';
export const SSR_ENTRY_FILE = 'entry-server.mjs';
