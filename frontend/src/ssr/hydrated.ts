/** Fired on window when the page's content has hydrated (App's Page), heard by boot.ts. */
export const HYDRATED_EVENT = 'pp:hydrated';
