/**
 * A conversation line (`check --conversations`) read piece by piece: its top-level fields parsed
 * one by one, and its messages parsed one at a time each time they are read (json-spans.ts). One
 * conversation can be a whole log on one line; JSON.parse of the line would hold its whole tree
 * (several times the line's size) while its turns are labelled. The line's text is held, and one
 * message's value at a time.
 *
 * Only a line that is plainly one object whose fields all parse is read this way: anything else
 * (bad JSON, invalid UTF-8, a duplicated key, an id JSON.parse cannot read exactly, an errored
 * response) is answered with undefined, and the caller reads the line whole, as any line, to say
 * what is wrong with it.
 */
import { isExactId } from './exact-id.ts';
import { objectSpans, sliceOf, type Span } from './json-spans.ts';

export interface ConversationLine {
  /** The record's fields other than its messages, in the line's order, with a default id (`line-N`) when it has none. */
  record: Record<string, unknown>;
  /** Its messages, each parsed from the line when read (every call parses them again). */
  messages: () => Iterable<unknown>;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function readConversationLine(item: string | Uint8Array, line: number): ConversationLine | undefined {
  const from = line === 1 && startsWithBom(item) ? (typeof item === 'string' ? 1 : 3) : 0;
  const spans = objectSpans(item, 'messages', from);
  if (spans === undefined || spans.items === undefined) return undefined;
  const record: Record<string, unknown> = {};
  try {
    for (const { key, value } of spans.fields) {
      const name = parse(item, key) as string;
      // A parsed "__proto__" key is an own field; assigning it would set the prototype.
      if (name === '__proto__' || Object.hasOwn(record, name)) return undefined;
      record[name] = name === 'messages' ? undefined : parse(item, value);
    }
  } catch {
    return undefined;
  }
  const id = record.id;
  if (typeof id === 'number' && !isExactId(id)) return undefined;
  const error = record.error;
  if (error !== undefined && error !== null && error !== false && error !== '') return undefined;
  if (id === undefined) record.id = `line-${line}`;
  delete record.messages;
  const items = spans.items;
  return {
    record,
    *messages() {
      for (let k = 0; k < items.length; k += 2) yield parse(item, { start: items[k]!, end: items[k + 1]! });
    },
  };
}

function parse(item: string | Uint8Array, span: Span): unknown {
  const text = sliceOf(item, span);
  return JSON.parse(typeof text === 'string' ? text : utf8.decode(text));
}

function startsWithBom(item: string | Uint8Array): boolean {
  return typeof item === 'string' ? item.charCodeAt(0) === 0xfeff : item[0] === 0xef && item[1] === 0xbb && item[2] === 0xbf;
}
