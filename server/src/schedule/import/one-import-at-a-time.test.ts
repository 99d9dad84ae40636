import { describe, expect, it } from 'vitest';
import { oneImportAtATime } from './one-import-at-a-time.ts';

describe('oneImportAtATime', () => {
  it('starts an import only when the one before it ended, failed ones included', async () => {
    const events: string[] = [];
    let finishFirst!: () => void;
    const first = oneImportAtATime(async () => {
      events.push('first starts');
      await new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      events.push('first ends');
      throw new Error('broken file');
    });
    const second = oneImportAtATime(async () => {
      events.push('second starts');
      return 2;
    });
    await Promise.resolve();
    expect(events).toEqual(['first starts']);
    finishFirst();
    await expect(first).rejects.toThrow('broken file');
    expect(await second).toBe(2);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
  });
});
