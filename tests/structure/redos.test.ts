import { check, type Diagnostics } from 'recheck';
import { describe, expect, it } from 'vitest';
import { type FoundRegex, productRegexes, regexesIn } from './product-regexes.ts';

/**
 * No regular expression of the product is super-linear (docs/quality.md "Reliability and security
 * bars"): every regex of its sources, found by walking their syntax trees, goes through the
 * `recheck` ReDoS checker, and one it finds vulnerable, cannot decide, or cannot see (a pattern
 * built at run time) fails here with its file:line and the attack string.
 *
 * The checker runs with its time limits off and only its step limits on, one regex at a time: its
 * fuzzing counts a match that runs out of time as an attack, so on a busy machine a safe pattern
 * came back "vulnerable" when all were checked at once. Steps make the answer the same on every
 * machine; a regex still undecided after 30 s fails rather than passes. The recall validation
 * (running the attack to confirm it) stays off, as by default: without its time limit it calls
 * every attack unconfirmed, the former alert markup pattern included.
 */
const PARAMS = {
  timeout: 30_000,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
} as const;

/** Patterns built at run time, each with why it cannot be attacked. None today. */
const BUILT_AT_RUN_TIME = new Map<string, string>();

/** Why each regex fails the check, or nothing for a linear one. */
async function problemsOf(found: FoundRegex[], builtAtRunTime = BUILT_AT_RUN_TIME): Promise<string[]> {
  const problems: string[] = [];
  for (const regex of found) {
    if (regex.source === null) {
      if (!builtAtRunTime.has(regex.at))
        problems.push(
          `${regex.at}: ${regex.text} is built at run time, so no checker sees it; write the pattern out, ` +
            'or scan without a regex, or list it in BUILT_AT_RUN_TIME with why it cannot be attacked',
        );
      continue;
    }
    const diagnostics: Diagnostics = await check(regex.source, regex.flags, PARAMS);
    if (diagnostics.status === 'vulnerable')
      problems.push(
        `${regex.at}: ${regex.text} is ${diagnostics.complexity.summary}; attack string: ${diagnostics.attack.pattern}`,
      );
    else if (diagnostics.status === 'unknown')
      problems.push(
        `${regex.at}: ${regex.text}: recheck could not decide (${JSON.stringify(diagnostics.error)})`,
      );
  }
  return problems;
}

describe('regular expressions of the product', () => {
  it('finds regex literals, RegExp calls, string and schema patterns, and names those built at run time', () => {
    const text = [
      "const a = /ab+c/gi; const b = new RegExp('x*y', 'm');",
      "const c = RegExp(`z+`); text.match('q+'); text.search(/s/);",
      "const d = new RegExp(prefix + '$'); text.split(/,/); text.match(pattern);",
      "const Day = Type.String({ pattern: '^\\\\d{8}$' });",
    ].join('\n');
    expect(
      regexesIn('server/src/x.ts', text).map(({ at, source, flags }) => ({ at, source, flags })),
    ).toEqual([
      { at: 'server/src/x.ts:1', source: 'ab+c', flags: 'gi' },
      { at: 'server/src/x.ts:1', source: 'x*y', flags: 'm' },
      { at: 'server/src/x.ts:2', source: 'z+', flags: '' },
      { at: 'server/src/x.ts:2', source: 'q+', flags: '' },
      { at: 'server/src/x.ts:2', source: 's', flags: '' },
      { at: 'server/src/x.ts:3', source: null, flags: '' },
      { at: 'server/src/x.ts:3', source: ',', flags: '' },
      { at: 'server/src/x.ts:4', source: '^\\d{8}$', flags: 'u' },
    ]);
  });

  it('fails on a super-linear pattern with its place and an attack string, and on one it cannot see', async () => {
    // The alert markup check that held the feed for seconds, as it was written.
    const found = regexesIn(
      'server/src/feed/rules/alert-text-markup.ts',
      'const ok = /^\\d+$/;\nconst link = /\\[[^\\]\\n]+\\]\\([^)\\s]+\\)/;\nconst d = new RegExp(typed + "$");',
    );
    const problems = await problemsOf(found);
    expect(problems).toEqual([
      expect.stringMatching(
        /^server\/src\/feed\/rules\/alert-text-markup\.ts:2: .* is 2nd degree polynomial; attack string: '.+'\.repeat\(\d+\)/,
      ),
      expect.stringMatching(/^server\/src\/feed\/rules\/alert-text-markup\.ts:3: .* is built at run time/),
    ]);
    expect(await problemsOf(found.slice(2), new Map([[found[2]!.at, 'digits only']]))).toEqual([]);
  });

  it('has none that is super-linear, undecided or unseen in the sources', { timeout: 300_000 }, async () => {
    const found = productRegexes();
    expect(found.length).toBeGreaterThan(100);
    expect(await problemsOf(found)).toEqual([]);
  });
});
