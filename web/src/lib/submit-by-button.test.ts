import { describe, expect, it } from 'vitest';
import { enterSubmitsFrom, submitByButton } from './submit-by-button.ts';

describe('submitByButton', () => {
  it('knows the fields whose Enter would submit: typing inputs, not buttons nor text areas', () => {
    expect(enterSubmitsFrom({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(enterSubmitsFrom({ tagName: 'INPUT', type: 'number' })).toBe(true);
    expect(enterSubmitsFrom({ tagName: 'INPUT', type: 'checkbox' })).toBe(true);
    expect(enterSubmitsFrom({ tagName: 'INPUT' })).toBe(true);
    expect(enterSubmitsFrom({ tagName: 'INPUT', type: 'submit' })).toBe(false);
    expect(enterSubmitsFrom({ tagName: 'BUTTON', type: 'submit' })).toBe(false);
    expect(enterSubmitsFrom({ tagName: 'TEXTAREA' })).toBe(false);
  });

  it('drops the submission an Enter in a field causes, and lets the button submit', async () => {
    const submitted: string[] = [];
    const form = submitByButton((e: { preventDefault: () => void; type: string }) => submitted.push(e.type));
    let prevented = 0;
    const submitEvent = { type: 'submit', preventDefault: () => prevented++ } as never;
    form.onKeyDown({ key: 'Enter', target: { tagName: 'INPUT', type: 'text' } } as never);
    form.onSubmit(submitEvent);
    expect(submitted).toEqual([]);
    expect(prevented).toBe(1);
    // The button (or Enter on it) submits.
    form.onKeyDown({ key: 'Enter', target: { tagName: 'BUTTON', type: 'submit' } } as never);
    form.onSubmit(submitEvent);
    expect(submitted).toEqual(['submit']);
    // An Enter whose submission never came does not swallow a later press of the button.
    form.onKeyDown({ key: 'Enter', target: { tagName: 'INPUT', type: 'text' } } as never);
    await new Promise((resolve) => setTimeout(resolve, 5));
    form.onSubmit(submitEvent);
    expect(submitted).toEqual(['submit', 'submit']);
  });
});
