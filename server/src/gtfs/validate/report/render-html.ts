import type { RowOrigin } from '../../tables.ts';
import type { NoticeGroup, ReportJson } from './build-report.ts';

/** Text made safe for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Excel's way of naming a cell of a sheet: `'STH WD'!F17` (quotes inside the name doubled). */
export function cellReference(origin: RowOrigin): string {
  return `'${origin.sheet.replaceAll("'", "''")}'!${origin.cell}`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
.ERROR{color:#b00020}.WARNING{color:#8a5a00}.INFO{color:#245}.pass{color:#0a6b2d}.fail{color:#b00020}`;

/** A self-contained page a planner can read: summary, then one table per code, grouped by severity. */
export function renderHtml(report: ReportJson): string {
  const { summary } = report;
  const verdict = summary.blocking
    ? '<strong class="fail">FAIL: the upload is refused</strong>'
    : '<strong class="pass">PASS</strong>';
  const sections = (['ERROR', 'WARNING', 'INFO'] as const).map((severity) => {
    const groups = report.notices.filter((g) => g.severity === severity);
    if (groups.length === 0) return '';
    return `<h2 class="${severity}">${severity}</h2>\n${groups.map(renderGroup).join('\n')}`;
  });
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>GTFS validation report: ${escapeHtml(summary.feedName)}</title>
<style>${STYLE}</style></head><body>
<h1>GTFS validation report</h1>
<table>
<tr><th>Input</th><td>${escapeHtml(summary.feedName)}</td></tr>
<tr><th>Validated at</th><td>${escapeHtml(localTime(summary.validatedAt, summary.timeZone))}</td></tr>
<tr><th>Files / rows</th><td>${summary.files} / ${summary.rows}</td></tr>
<tr><th>Errors</th><td class="ERROR">${summary.counts.errors}</td></tr>
<tr><th>Warnings</th><td class="WARNING">${summary.counts.warnings}</td></tr>
<tr><th>Infos</th><td class="INFO">${summary.counts.infos}</td></tr>
<tr><th>Result</th><td>${verdict}</td></tr>
</table>
${sections.join('\n')}
</body></html>
`;
}

function renderGroup(group: NoticeGroup): string {
  const keys = [...new Set(group.sampleNotices.flatMap((n) => Object.keys(n)))].filter((k) => k !== 'origin');
  const withCell = group.sampleNotices.some((n) => n.origin);
  const head = [...(withCell ? ['Workbook cell'] : []), ...keys]
    .map((k) => `<th>${escapeHtml(k)}</th>`)
    .join('');
  const rows = group.sampleNotices.map((n) => {
    const cell = withCell ? [n.origin ? cellReference(n.origin as RowOrigin) : ''] : [];
    const values = [...cell, ...keys.map((k) => formatValue(n[k]))];
    return `<tr>${values.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`;
  });
  const shown =
    group.sampleNotices.length < group.totalNotices ? ` (first ${group.sampleNotices.length} shown)` : '';
  return `<h3 class="${group.severity}">${escapeHtml(group.code)}: ${group.totalNotices} notice(s)${shown}</h3>
<p>${escapeHtml(group.description)}</p>
<table><tr>${head}</tr>
${rows.join('\n')}
</table>`;
}

/** '2026-09-01 12:00:00 Africa/Johannesburg': the planner reads the agency's clock, not UTC. */
export function localTime(iso: string, timeZone: string | undefined): string {
  const zone = timeZone && isZone(timeZone) ? timeZone : 'UTC';
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return `${text} ${zone}`;
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
