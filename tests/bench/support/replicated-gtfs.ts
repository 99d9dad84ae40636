import { closeSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, Zip, ZipDeflate } from 'fflate';

/**
 * A national network made from a real feed: the zip's schedule `times` times over, each copy with
 * its ids suffixed (`~2`, `~3`, …; the first copy keeps its own), so stops, routes, services,
 * trips and shapes are distinct and every reference stays inside its copy. The agency and
 * feed_info are written once. Values are trimmed (Renfe pads each line with spaces to 150
 * characters: five times that would pass the product's unzipped-size limit for nothing).
 * Written as a zip to a temp folder, streamed (never the whole output in memory).
 *
 *   5 × Renfe Cercanías: 9 338 970 stop_times, 693 580 trips, 5 810 stops, 4 260 routes.
 */

/** The id columns of each file that get the copy's suffix. */
const ID_COLUMNS: Record<string, readonly string[]> = {
  'routes.txt': ['route_id'],
  'stops.txt': ['stop_id', 'parent_station'],
  'calendar.txt': ['service_id'],
  'calendar_dates.txt': ['service_id'],
  'trips.txt': ['route_id', 'service_id', 'trip_id', 'shape_id', 'block_id'],
  'stop_times.txt': ['trip_id', 'stop_id'],
  'shapes.txt': ['shape_id'],
  'frequencies.txt': ['trip_id'],
  'transfers.txt': [
    'from_stop_id',
    'to_stop_id',
    'from_route_id',
    'to_route_id',
    'from_trip_id',
    'to_trip_id',
  ],
};

export type ReplicatedFeed = { path: string; stopTimes: number; bytes: number };

export function writeReplicatedGtfs(sourceZip: string, times: number, folder?: string): ReplicatedFeed {
  const dir = folder ?? mkdtempSync(join(tmpdir(), 'feeddesk-national-'));
  const path = join(dir, `national-${times}x.zip`);
  const files = unzipSync(readFileSync(sourceZip));
  const fd = openSync(path, 'w');
  let bytes = 0;
  let stopTimes = 0;
  const zip = new Zip((error, data) => {
    if (error) throw error;
    writeSync(fd, data);
    bytes += data.length;
  });
  try {
    for (const [name, content] of Object.entries(files)) {
      if (name.endsWith('/')) continue;
      const entry = new ZipDeflate(name, { level: 1 });
      zip.add(entry);
      const lines = splitLines(new TextDecoder().decode(content).replace(/^\uFEFF/, ''));
      const header = splitCsv(lines[0] ?? '').map((v) => v.trim());
      const idColumns = (ID_COLUMNS[name] ?? []).map((c) => header.indexOf(c)).filter((i) => i >= 0);
      const copies = name in ID_COLUMNS ? times : 1;
      const out = new ChunkedText((text, final) => entry.push(new TextEncoder().encode(text), final));
      out.add(`${header.join(',')}\n`);
      for (let copy = 1; copy <= copies; copy++) {
        const suffix = copy === 1 ? '' : `~${copy}`;
        for (let i = 1; i < lines.length; i++) {
          if (lines[i]!.trim() === '') continue;
          const values = splitCsv(lines[i]!).map((v) => v.trim());
          if (suffix) for (const c of idColumns) if (values[c]) values[c] += suffix;
          out.add(`${values.map(quote).join(',')}\n`);
          if (name === 'stop_times.txt') stopTimes++;
        }
      }
      out.end();
    }
    zip.end();
  } finally {
    closeSync(fd);
  }
  return { path, stopTimes, bytes };
}

/** Text handed on in pieces of about 1 MB. */
class ChunkedText {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly push: (text: string, final: boolean) => void) {}

  add(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 1 << 20) {
      this.push(this.parts.join(''), false);
      this.parts = [];
      this.size = 0;
    }
  }

  end(): void {
    this.push(this.parts.join(''), true);
  }
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** One CSV line's values (quoted values may hold commas and doubled quotes; no line breaks in Renfe's). */
function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const values: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      values.push(value);
      value = '';
    } else value += c;
  }
  values.push(value);
  return values;
}

function quote(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
