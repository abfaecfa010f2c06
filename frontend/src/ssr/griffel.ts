/**
 * `@griffel/react` as the server build sees it (frontend/vite.config.ts, siteSheet()): the same
 * module, but every style hook it makes (Fluent's precompiled `__styles` and ours from `makeStyles`)
 * is also listed, so the site's stylesheet can be made from every style the public pages can use,
 * not only those one page happened to render (ssr/stylesheet.ts).
 */
import * as griffel from '@griffel/react';

export * from '@griffel/react';

/** Every style hook made so far, in the order the modules defining them ran. */
export const styleHooks: (() => unknown)[] = [];

function listed<A extends unknown[], H extends () => unknown>(make: (...args: A) => H) {
  return (...args: A): H => {
    const hook = make(...args);
    styleHooks.push(hook);
    return hook;
  };
}

export const makeStyles = listed(griffel.makeStyles);
export const makeResetStyles = listed(griffel.makeResetStyles);
export const makeStaticStyles = listed(griffel.makeStaticStyles);
export const __styles = listed(griffel.__styles);
export const __resetStyles = listed(griffel.__resetStyles);
export const __staticStyles = listed(griffel.__staticStyles);
