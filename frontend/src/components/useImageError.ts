/**
 * `onError` for an <img> of a server-rendered page: an image can fail before the app hydrates the
 * HTML, and that error event is gone by then. On mount this checks the image once (decode() rejects
 * for a broken one) and reports it like the event would; later failures come through onError.
 */
import { useEffect, useRef } from 'react';

export function useImageError(onError: () => void) {
  const ref = useRef<HTMLImageElement>(null);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.getAttribute('src')) img.decode().catch(() => report.current());
  }, []);
  return { ref, onError: () => report.current() };
}
