import { useEffect, useState } from 'react';

/** The current time in POSIX seconds, re-rendering every second ("seen 12 s ago" ticks). */
export function useNowSecs(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "8 s ago", "3 min 5 s ago"; a clock ahead of the browser's reads "just now". */
export function ago(nowSecs: number, thenSecs: number | null): string {
  if (thenSecs === null) return 'never';
  const secs = Math.max(0, nowSecs - thenSecs);
  if (secs < 60) return secs === 0 ? 'just now' : `${secs} s ago`;
  return `${Math.floor(secs / 60)} min ${secs % 60} s ago`;
}
