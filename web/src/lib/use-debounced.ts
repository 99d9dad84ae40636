import { useEffect, useState } from 'react';

/** The value once it has not changed for `ms` (docs/spec.md §9: 250 ms for the searches). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
