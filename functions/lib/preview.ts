/**
 * The preview scope: while the render function renders a preview link's page, the public reads it
 * makes in-process see drafts and pending changes (functions/data/publishing.ts `publicView`).
 * Only code can enter the scope: no header, query or body of a request can, so a public read
 * answered over HTTP (and cached by the CDN) never shows a draft.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<'preview'>();

/** Runs `read` with drafts visible to the public reads it makes. */
export const withPreview = <T>(read: () => Promise<T>): Promise<T> => scope.run('preview', read);

/** True inside withPreview. */
export const inPreview = (): boolean => scope.getStore() === 'preview';
