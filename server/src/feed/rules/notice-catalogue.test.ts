import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { feedRules } from './index.ts';

// docs/errors.md lists every feed rule's code with its severity, held against the registry both
// ways, as server/src/errors.test.ts holds the error codes: a new rule without its row fails here.
const doc = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');

/** `code` → severity, from the rows of the table in the section "Feed rule notices". */
function documentedNotices(markdown: string): Map<string, string> {
  const section = markdown.split('\n## Feed rule notices\n')[1]?.split('\n## ')[0];
  if (section === undefined) throw new Error('docs/errors.md has no section "## Feed rule notices".');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const [codeCell, severity, meaning] = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    const code = /^`(\w+)`$/.exec(codeCell ?? '')?.[1];
    if (!code) continue;
    if (rows.has(code)) throw new Error(`docs/errors.md lists the notice ${code} twice.`);
    if ((meaning ?? '').length < 10) throw new Error(`docs/errors.md says nothing of the notice ${code}.`);
    rows.set(code, severity ?? '');
  }
  return rows;
}

describe('the feed rule notices (server/src/feed/rules) and docs/errors.md', () => {
  const documented = documentedNotices(doc);

  it('document every code of the registered rules, with its severity', () => {
    const missing = feedRules
      .filter((rule) => documented.get(rule.code) !== rule.severity)
      .map(
        (rule) => `${rule.code} (${rule.severity}): ${documented.get(rule.code) ?? 'not in docs/errors.md'}`,
      );
    expect(missing).toEqual([]);
  });

  it('document no notice that no rule raises', () => {
    const codes = new Set(feedRules.map((rule) => rule.code));
    expect([...documented.keys()].filter((code) => !codes.has(code))).toEqual([]);
  });
});
