import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export const LEAVE_CONFIRM = 'You have changes that are not saved. Leave this page and lose them?';

/**
 * Unsaved work survives: while `dirty`, closing or reloading the tab asks the
 * browser's own question (beforeunload) and leaving inside the app (a link, Back) asks ours
 * (React Router's blocker). `allowLeaving()` lets the next navigation through unasked: after a
 * save, or when the controller chose to load a colleague's version.
 */
export function useUnsavedChanges(dirty: boolean): { allowLeaving: () => void } {
  const allowed = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = LEAVE_CONFIRM;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_CONFIRM)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { allowLeaving };
}
