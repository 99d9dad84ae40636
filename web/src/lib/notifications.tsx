import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { formatError } from './errors.ts';

/** A button in a banner (Undo after a delete). */
export type BannerAction = { label: string; run: () => void };
export type Banner = { id: number; kind: 'success' | 'error'; text: string; action?: BannerAction };

type Notifications = {
  banners: Banner[];
  /** `action` adds a button; the banner then stays `ms` long (an undo lasts as long as it works). */
  success(text: string | undefined, options?: { action?: BannerAction; ms?: number }): void;
  /** Shows title + newline + message (docs/spec.md §8) and logs the error to the console. */
  error(error: unknown, prefix?: string): void;
  dismiss(id: number): void;
};

const NotificationsContext = createContext<Notifications | null>(null);

/** docs/spec.md §9: banners disappear by themselves after 8 seconds or when closed. */
export const BANNER_MS = 8_000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [banners, setBanners] = useState<Banner[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setBanners((list) => list.filter((b) => b.id !== id)), []);
  const push = useCallback(
    (kind: Banner['kind'], text: string, options: { action?: BannerAction; ms?: number } = {}) => {
      const id = ++next.current;
      const banner: Banner = { id, kind, text, ...(options.action ? { action: options.action } : {}) };
      // The same message twice (a retry, two hooks reporting one failure) shows once.
      setBanners((list) => (list.some((b) => b.kind === kind && b.text === text) ? list : [...list, banner]));
      setTimeout(() => dismiss(id), options.ms ?? BANNER_MS);
    },
    [dismiss],
  );
  const value = useMemo<Notifications>(
    () => ({
      banners,
      dismiss,
      success: (text, options) => {
        if (text) push('success', text, options);
      },
      error: (error, prefix) => {
        console.error(error);
        push('error', prefix ? `${prefix} ${formatError(error)}` : formatError(error));
      },
    }),
    [banners, dismiss, push],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): Notifications {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications outside NotificationsProvider');
  return value;
}
