import { DateTime } from 'luxon';

/**
 * One element of a SIRI delivery, as the builders make it: rendered as XML by render-siri.ts and
 * as SIRI Lite JSON from the same tree, so both forms say the same. `list` marks an element the
 * schema allows many of (maxOccurs > 1): JSON gives it as an array even when there is one.
 */
export type SiriNode = {
  name: string;
  attrs?: Readonly<Record<string, string>>;
  value?: string | number | boolean;
  children?: SiriNode[];
  list?: true;
};

type Content = SiriNode['value'] | (SiriNode | null | undefined | false)[];

/** An element with a value or children (empty entries of the list are left out). */
export function el(name: string, content?: Content, attrs?: Record<string, string>): SiriNode {
  const node: SiriNode = { name };
  if (attrs) node.attrs = attrs;
  if (Array.isArray(content)) node.children = content.filter((c): c is SiriNode => !!c);
  else if (content !== undefined) node.value = content;
  return node;
}

/** An element the schema allows many of (JSON: always an array). */
export function many(name: string, content?: Content, attrs?: Record<string, string>): SiriNode {
  return { ...el(name, content, attrs), list: true };
}

/** An optional element: left out when its value is undefined. */
export function opt(name: string, value: SiriNode['value'] | undefined): SiriNode | undefined {
  return value === undefined ? undefined : el(name, value);
}

/**
 * An id of the feed as a SIRI reference: the schema types most references as XML NMTOKENs
 * (letters, digits, `.`, `-`, `_`, `:`), so any other character is written `_xHHHH_` (its UTF-16
 * code) and an empty id `_`; ids made of those characters only, as most GTFS ids are, stay as
 * they are (docs/rest-api.md "SIRI").
 */
export function siriRef(id: string): string {
  if (id === '') return '_';
  if (/^[A-Za-z0-9._:-]+$/.test(id) && !id.includes('_x')) return id;
  // Escaped, every `_` too: an escaped id always holds `_x`, an id left as it is never does.
  let out = '';
  for (let i = 0; i < id.length; i++) {
    const ch = id[i]!;
    out += /[A-Za-z0-9.:-]/.test(ch)
      ? ch
      : `_x${id.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}_`;
  }
  return out;
}

/**
 * ISO 8601 of POSIX seconds with the agency zone's offset at that instant (a time past 24:00 of a
 * service day is on the next calendar day: the instant says so). The zone's offset is looked up
 * once per quarter hour of time (offsets change on those), not per call.
 */
export class ZoneClock {
  private readonly offsets = new Map<number, { minutes: number; text: string }>();

  constructor(readonly zone: string) {}

  iso(secs: number): string {
    const quarter = Math.floor(secs / 900);
    let offset = this.offsets.get(quarter);
    if (!offset) {
      const at = DateTime.fromSeconds(quarter * 900, { zone: this.zone });
      offset = { minutes: at.offset, text: at.toFormat('ZZ') };
      if (this.offsets.size >= 5_000) this.offsets.clear();
      this.offsets.set(quarter, offset);
    }
    const wall = new Date((Math.floor(secs) + offset.minutes * 60) * 1000).toISOString().slice(0, 19);
    return `${wall}${offset.minutes === 0 ? 'Z' : offset.text}`;
  }

  /** `YYYY-MM-DD` of a GTFS date `YYYYMMDD` (a DataFrameRef). */
  static frame(date: string): string {
    return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  }

  /** The calendar date (`YYYYMMDD`) in the zone of an instant. */
  date(secs: number): string {
    return this.iso(secs).slice(0, 10).replaceAll('-', '');
  }
}
