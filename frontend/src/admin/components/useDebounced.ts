/** A value that follows `value` once it has stopped changing for `ms` (search boxes: one request per pause, not per key). */
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms = 200): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
