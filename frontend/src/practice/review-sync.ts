/** A signed-in visitor's unsent reviews go to the API, one sync at a time (the API module loads only then). */
import { signedIn } from '../islands/visitor';

let syncing: Promise<void> = Promise.resolve();

export function sync(): Promise<void> {
  if (!signedIn()) return Promise.resolve();
  syncing = syncing
    .then(() => import('./reviews-api'))
    .then((m) => m.syncReviews())
    .catch((e: unknown) => console.error('Reviews could not be synced', e));
  return syncing;
}
