import type { FormEvent, KeyboardEvent } from 'react';

/**
 * Whether Enter in this element would submit its form implicitly (HTML "implicit submission"): a
 * typing field, not a button (whose Enter is the explicit press) nor a text area (a new line).
 */
export function enterSubmitsFrom(target: { tagName: string; type?: string }): boolean {
  return (
    target.tagName === 'INPUT' && !['submit', 'button', 'image', 'reset'].includes(target.type ?? 'text')
  );
}

/**
 * The props of a form that publishes or saves only by its button: Enter in a field (a stop search,
 * a delay) submits nothing (docs/spec.md §2 "Editors"), and the field keeps
 * its own Enter (a suggestion of a datalist is still chosen: the key is not cancelled, only the
 * submission it would cause).
 */
export function submitByButton<E extends FormEvent<HTMLFormElement>>(submit: (event: E) => void) {
  let enterPressed = false;
  return {
    onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
      if (event.key !== 'Enter' || !enterSubmitsFrom(event.target as HTMLInputElement)) return;
      // The implicit submission, if any, comes in this same task.
      enterPressed = true;
      setTimeout(() => {
        enterPressed = false;
      }, 0);
    },
    onSubmit(event: E) {
      if (enterPressed) {
        enterPressed = false;
        event.preventDefault();
        return;
      }
      submit(event);
    },
  };
}
