import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './unknown-file.ts';

describe('unknown_file', () => {
  it('reports a file the reference does not define', () => {
    expect(check(feedWith({ 'notes.txt': 'note_id\n1\n' }))).toEqual([
      { code: 'unknown_file', severity: 'info', filename: 'notes.txt' },
    ]);
  });
  it('raises nothing on a clean feed', () =>
    expect(check(feedWith({ 'rider_categories.txt': 'a\n' }))).toEqual([]));
});
