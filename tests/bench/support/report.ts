import { cpus, loadavg, totalmem } from 'node:os';

export type Verdict = 'PASS' | 'MISS' | 'SKIP' | '–';

export type ReportRow = {
  what: string;
  measured: string;
  reference?: string;
  ratio?: string;
  target: string;
  result: Verdict;
};

/** Prints the benchmark's figures as a table (docs/quality.md: figures, targets, ratios, PASS/MISS). */
export function printReport(title: string, rows: ReportRow[]): void {
  const headers = ['what', 'measured', 'reference', 'ratio', 'target', 'result'] as const;
  const cells = rows.map((r) => [r.what, r.measured, r.reference ?? '–', r.ratio ?? '–', r.target, r.result]);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(headers));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
  const misses = rows.filter((r) => r.result === 'MISS').length;
  console.log(
    misses ? `\n${misses} target(s) missed (reported, not failed).` : '\nAll measured targets met.',
  );
}

export const verdict = (ok: boolean): Verdict => (ok ? 'PASS' : 'MISS');
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const rps = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

/** The machine, and its load average before the run: other work on it (a CI run) skews every figure. */
export function machine(): string {
  const [one, five] = loadavg();
  const busy =
    one! > cpus().length * 0.5 ? ' — the machine was busy with other work: figures are pessimistic' : '';
  return `${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB; load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min)${busy}`;
}
