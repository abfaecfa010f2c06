/** Provided by the server build only (frontend/vite.config.ts, clientBuild()). */
declare module 'virtual:client-build' {
  /** The back office shell: index.html with the app's script. */
  export const shellTemplate: string;
  /** A public page: the same HTML with the islands' loader as its only script. */
  export const pageTemplate: string;
}

/** Server build only (frontend/vite.config.ts, siteSheets()): Fluent's own icon factory, which src/ssr/icons.tsx wraps. */
declare module 'virtual:fluent-inline-icon' {
  export { createFluentIcon } from '@fluentui/react-icons';
}
