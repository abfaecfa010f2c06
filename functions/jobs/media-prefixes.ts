/**
 * @deprecated The media layout, its prefixes and the sweep's grace period live in the one media
 * module, functions/lib/media.ts: import them from there. This file only keeps the CDK's media-sweep
 * construct building until it does.
 */
export { MEDIA_PREFIXES, SWEEP_GRACE_HOURS } from '../lib/media.js';
