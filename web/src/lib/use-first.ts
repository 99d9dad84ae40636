import { useState } from 'react';

/**
 * The first defined value seen for `key`, kept while later ones arrive: an editor opened by `?id=`
 * keeps the revision it opened when a colleague's save refreshes the query, instead of starting
 * again from theirs and dropping the controller's entries.
 */
export function useFirst<T>(value: T | undefined, key: unknown): T | undefined {
  const [kept, setKept] = useState<{ key: unknown; value: T } | null>(null);
  if (value !== undefined && (kept === null || kept.key !== key)) {
    setKept({ key, value });
    return value;
  }
  return kept && kept.key === key ? kept.value : value;
}
