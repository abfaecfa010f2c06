/** Provided by the server build only (frontend/vite.config.ts, clientBuild()). */
declare module 'virtual:client-build' {
  export const template: string;
}
