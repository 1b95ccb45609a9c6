/**
 * The JSON text of a value in at most `limit` characters (a longer one is cut and ends in `...`),
 * for quoting an offending value in an error. The value is untrusted: JSON.stringify would walk all of it (a 10 KB line can nest deeper
 * than the stack) and throws on a cycle or a BigInt (which a library caller can pass). This walk
 * stops once it has written `limit` characters, so it visits at most about that many values and
 * nests at most that deep (each level writes a bracket first). A cycle is written `[cycle]`, a
 * BigInt `10n`, a number JSON cannot hold as itself (`NaN`); otherwise, within the limit, the text
 * is JSON.stringify's.
 */
export function boundedJson(value: unknown, limit: number): string {
  // One character more than is shown tells a text that fits from one that must be cut.
  const out = new BoundedText(limit + 1);
  write(value, out, []);
  return out.text.length > limit ? `${out.text.slice(0, limit - 3)}...` : out.text;
}

class BoundedText {
  text = '';
  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.text.length >= this.limit;
  }

  /** Characters still to write: a longer string is cut to this before it is escaped. */
  get room(): number {
    return this.limit - this.text.length;
  }

  add(piece: string): void {
    if (!this.full) this.text += piece.length > this.room ? piece.slice(0, this.room) : piece;
  }
}

/** `ancestors`: the objects being written around this one, to tell a cycle from a value met twice. */
function write(value: unknown, out: BoundedText, ancestors: object[]): void {
  if (out.full) return;
  switch (typeof value) {
    case 'string':
      return out.add(JSON.stringify(value.length > out.room ? value.slice(0, out.room) : value));
    case 'number':
      return out.add(Number.isFinite(value) ? JSON.stringify(value) : String(value));
    case 'bigint':
      return out.add(`${value}n`);
    case 'object':
      if (value === null) return out.add('null');
      if (ancestors.includes(value)) return out.add('[cycle]');
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return writeOwnJson(value as { toJSON(): unknown }, out, ancestors);
      ancestors.push(value);
      if (Array.isArray(value)) writeArray(value, out, ancestors);
      else writeObject(value as Record<string, unknown>, out, ancestors);
      ancestors.pop();
      return;
    default:
      // A boolean; or undefined, a function or a symbol alone (in a list or object they are
      // written as JSON.stringify writes them, below).
      return out.add(String(value));
  }
}

/** A Date and the like say how they are written. */
function writeOwnJson(value: { toJSON(): unknown }, out: BoundedText, ancestors: object[]): void {
  ancestors.push(value);
  write(value.toJSON(), out, ancestors);
  ancestors.pop();
}

/** What JSON.stringify leaves out of an object and writes as null in a list. */
function isUnwritable(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function writeArray(items: readonly unknown[], out: BoundedText, ancestors: object[]): void {
  out.add('[');
  for (let i = 0; i < items.length && !out.full; i++) {
    if (i > 0) out.add(',');
    const item = items[i];
    if (isUnwritable(item)) out.add('null');
    else write(item, out, ancestors);
  }
  out.add(']');
}

function writeObject(fields: Record<string, unknown>, out: BoundedText, ancestors: object[]): void {
  out.add('{');
  let first = true;
  for (const key of Object.keys(fields)) {
    if (out.full) break;
    const field = fields[key];
    if (isUnwritable(field)) continue;
    if (!first) out.add(',');
    first = false;
    out.add(`${JSON.stringify(key.length > out.room ? key.slice(0, out.room) : key)}:`);
    write(field, out, ancestors);
  }
  out.add('}');
}
