/**
 * An island's script on markup the back office renders in the browser (the blog editor's preview
 * shows the public player): the same script takes over the element once React has put it in place.
 * On the server, effects never run; public pages get their islands from loader.ts.
 */
import { useEffect, useRef } from 'react';
import type { Mount } from './dom';

export function useIsland<T extends HTMLElement>(mount: Mount) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current) mount(ref.current);
  }, [mount]);
  return ref;
}
