import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { SiriNode } from './siri-node.ts';

const SIRI_NS = 'http://www.siri.org.uk/siri';

/**
 * A delivery as SIRI XML, written by xmlbuilder2 (every text escaped, the document well-formed
 * whatever the feed holds). It takes about 15 µs an element: a delivery of hundreds of trains is
 * seconds of work, so it is made in the SIRI thread (siri-thread.ts), never on the event loop.
 */
export function renderSiriXml(root: SiriNode): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const write = (parent: XMLBuilder, node: SiriNode, ns?: string): void => {
    const element = ns ? parent.ele(ns, node.name, node.attrs) : parent.ele(node.name, node.attrs);
    if (node.value !== undefined) element.txt(String(node.value));
    for (const child of node.children ?? []) write(element, child);
  };
  write(doc, root, SIRI_NS);
  return doc.end({ prettyPrint: false });
}

/**
 * The same delivery as SIRI Lite JSON: an element is a property named as it is; an element the
 * schema allows many of is an array; a value is a string, number or boolean; an element with
 * attributes (`xml:lang`) is `{ "value", "lang" }` (docs/rest-api.md "SIRI").
 */
export function siriJson(node: SiriNode): unknown {
  if (node.value !== undefined && !node.children) {
    if (!node.attrs) return node.value;
    return { value: node.value, ...attributes(node.attrs) };
  }
  const out: Record<string, unknown> = node.attrs ? attributes(node.attrs) : {};
  for (const child of node.children ?? []) {
    const value = siriJson(child);
    if (child.list) {
      const list = (out[child.name] as unknown[] | undefined) ?? [];
      list.push(value);
      out[child.name] = list;
    } else out[child.name] = value;
  }
  return out;
}

function attributes(attrs: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith('xmlns')) continue;
    out[name === 'xml:lang' ? 'lang' : name] = value;
  }
  return out;
}
