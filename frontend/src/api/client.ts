/** JSON over fetch to /api, with the caller's access token when signed in. */
import { config } from '../config';
import type { ApiError as ApiErrorBody } from '@shared/contracts/common';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

let tokenProvider: () => Promise<string | undefined> = () => Promise.resolve(undefined);
export const setTokenProvider = (fn: typeof tokenProvider) => {
  tokenProvider = fn;
};

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.auth) {
    const token = await tokenProvider();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const res = await fetch(`${config().apiBase}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(res.status, body.message ?? res.statusText, body.fields);
  }
  return data as T;
}

/** For pages where a 404 is an answer (they show their not-found text): only server errors are retried. */
export const retryServerErrorsOnly = (err: Error) => !(err instanceof ApiError && err.status < 500);
/** A page's item does not exist (404), or its path could not be one (400). */
export const isNotFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** SWR fetcher for public GETs. */
export const fetcher = <T>(path: string) => apiFetch<T>(path);
/** SWR fetcher for admin and signed-in GETs (sends the access token). */
export const authedFetcher = <T>(path: string) => apiFetch<T>(path, { auth: true });
