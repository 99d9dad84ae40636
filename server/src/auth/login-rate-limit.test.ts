import { describe, expect, it } from 'vitest';
import { usernameDelayMs } from './login-rate-limit.ts';

describe('usernameDelayMs', () => {
  it('waits nothing up to the limit, then 250 ms doubling with each failure, at most 10 s', () => {
    expect([0, 9].map((n) => usernameDelayMs(n, 10))).toEqual([0, 0]);
    expect([10, 11, 12, 13].map((n) => usernameDelayMs(n, 10))).toEqual([250, 500, 1000, 2000]);
    expect(usernameDelayMs(16, 10)).toBe(10_000);
    expect(usernameDelayMs(10_000, 10)).toBe(10_000);
  });
});
