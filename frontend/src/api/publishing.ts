/**
 * Drafts, publishing, previews and scheduled releases for the back office (docs/back-office.md
 * "Drafts and releases"). Every write refreshes the publishing state and the course lists (an item's
 * draft mark and content change with it).
 */
import { COVERAGE } from './coverage';
import useSWR, { mutate } from 'swr';
import type {
  BulkInput,
  BulkRestore,
  BulkResult,
  ItemRef,
  PendingDraft,
  Preview,
  Published,
  Publishing,
  Release,
  ReleaseRun,
} from '@shared/contracts/publishing';
import { refKey } from '@shared/contracts/publishing';
import type { HistoryPage } from '@shared/contracts/history';
import { authedFetcher } from './client';
import { courseWrite } from './course';
import { api, apiPrefixes } from '@shared/urls';

export const PUBLISHING = api.publishing;

export const usePublishing = () => useSWR<Publishing, Error>(PUBLISHING, authedFetcher);

/** An item's pending draft and scheduled release, looked up by the item (none for a new item). */
export function publishingOf(state: Publishing | undefined, item: ItemRef | undefined) {
  const key = item && refKey(item);
  return {
    draft: state?.drafts.find((d) => refKey(d.item) === key),
    release: state?.releases.find((r) => refKey(r.item) === key),
  };
}

/** A lesson's pending draft when it changes the lesson's phrases (then every phrase change goes to it). */
export function phraseDraftOf(state: Publishing | undefined, l: { language_id: string; level_id: string; lesson_id: string }) {
  const draft = publishingOf(state, { kind: 'lesson', language_id: l.language_id, level_id: l.level_id, lesson_id: l.lesson_id }).draft;
  return draft?.phrases !== undefined ? draft : undefined;
}

async function write<T>(path: string, method: string, body?: unknown): Promise<T> {
  try {
    return await courseWrite<T>(path, method, body);
  } finally {
    await Promise.all([mutate(PUBLISHING), mutate((key) => typeof key === 'string' && key.startsWith(apiPrefixes.admin))]);
  }
}

export const saveDraft = (item: ItemRef, version: number, fields: Record<string, unknown>) => write<PendingDraft>(api.drafts, 'PUT', { item, version, fields });
/** `fieldsOnly`: a lesson's phrase changes stay waiting (the save of the lesson's own fields). */
export const discardDraft = (item: ItemRef, fieldsOnly?: boolean) => write<undefined>(api.draftsDiscard, 'POST', { item, fields_only: fieldsOnly });
export const publishItem = (item: ItemRef) => write<Published>(api.publish, 'POST', { item });
/** A bulk write; the Coverage screen then reads its findings again. */
async function bulkWrite(path: string, body: unknown) {
  try {
    return await write<BulkResult>(path, 'POST', body);
  } finally {
    await mutate((key) => typeof key === 'string' && key.startsWith(`${COVERAGE}/`));
  }
}
/** Several levels, lessons or phrases at once, all or nothing; the answer holds what its Undo needs. */
export const bulkChange = (input: BulkInput) => bulkWrite(api.bulk, input);
/** Undo of a bulk delete: the Trash entries it made, put back at once. */
export const bulkRestore = (input: BulkRestore) => bulkWrite(api.bulkUndelete, input);
/** A private link to the item's page as it will look (the link works for PREVIEW_KEEP_DAYS). */
export const createPreview = (item: ItemRef) => write<Preview>(api.previews, 'POST', { item });
export const scheduleRelease = (item: ItemRef, publishAt: string) => write<Release>(api.releases, 'POST', { item, publish_at: publishAt });
export const moveRelease = (id: string, publishAt: string) => write<Release>(api.release(id), 'PUT', { publish_at: publishAt });
/** An item's versions, newest first (its History). */
export const useHistory = (item: ItemRef | undefined) => useSWR<HistoryPage, Error>(item ? api.history(item) : null, authedFetcher);
/** Brings back one of the item's versions as its draft. */
export const restoreVersion = (item: ItemRef, id: string) => write<PendingDraft>(api.historyRestore(id), 'POST', { item });
export const cancelRelease = (id: string) => write<undefined>(api.release(id), 'DELETE');
/** Runs a failed or overdue release now: its item is published, or the release ends (the answer says why). */
export const retryRelease = (id: string) => write<ReleaseRun>(api.releaseRetry(id), 'POST');
