/**
 * The automaton a LiteralScanner runs, as data: built from the literal groups (Aho–Corasick, then
 * minimized so its table stays in a fast cache), stored as JSON (base64 typed arrays) and read back.
 * Building it costs tens of milliseconds; `npm run build` stores the cue scanner's table once
 * (scripts/build-tables.mjs), and a stored table is used only for the literals it was built from.
 */

/** Characters with a class of their own: ASCII; everything else is class 0 (or "k", for the Kelvin sign). */
export const ALPHABET = 128;

/**
 * The automaton of `groups`, as stored: a table changes only with the literals (and this format),
 * so it can be built once, when the package is built, instead of in every process and worker.
 */
export interface ScannerTable {
  format: number;
  /** The groups it was built from, as JSON: a table for other literals is not used. */
  groups: string;
  /** Base64 of the typed arrays the scanner holds. */
  classOf: string;
  wide: boolean;
  delta: string;
  states: number;
  classes: number;
  firstOutputRow: number;
  outLo: string;
  outHi: string;
}

/** Changes whenever buildTable's output would change for the same literals. */
const TABLE_FORMAT = 1;

export function isTableFor(table: ScannerTable, groups: readonly (readonly string[])[]): boolean {
  return table.format === TABLE_FORMAT && table.groups === JSON.stringify(groups);
}

/** The arrays of a table, or undefined when its sizes do not agree (a damaged file). */
export function readTable(stored: ScannerTable) {
  try {
    const { states, classes, firstOutputRow } = stored;
    const classOf = fromBase64(stored.classOf, Uint8Array);
    const delta = stored.wide ? fromBase64(stored.delta, Int32Array) : fromBase64(stored.delta, Uint16Array);
    const outLo = fromBase64(stored.outLo, Int32Array);
    const outHi = fromBase64(stored.outHi, Int32Array);
    const outputs = states - firstOutputRow / classes;
    const fits = classOf.length === ALPHABET && delta.length === states * classes && outLo.length === outputs && outHi.length === outputs && delta.every((row) => row % classes === 0 && row < states * classes);
    return fits ? { stored, states, classes, firstOutputRow, classOf, delta, outLo, outHi } : undefined;
  } catch {
    return undefined;
  }
}

function toBase64(array: Uint8Array | Uint16Array | Int32Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
}

function fromBase64<T extends Uint8Array | Uint16Array | Int32Array>(text: string, Type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }): T {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength % Type.BYTES_PER_ELEMENT !== 0) throw new RangeError('a table array of a broken length');
  // A copy in an ArrayBuffer of its own, aligned for the element size.
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return new Type(buffer, 0, bytes.byteLength / Type.BYTES_PER_ELEMENT);
}

export function buildTable(groups: readonly (readonly string[])[]): ScannerTable {
  const classOf = new Uint8Array(ALPHABET);
  let classes = 1;
  const children: Map<number, number>[] = [new Map()];
  const ownLo: number[] = [0];
  const ownHi: number[] = [0];
  groups.forEach((literals, group) => {
    for (const literal of literals) {
      if (literal.length === 0 || !/^[\x20-\x7e]+$/.test(literal) || literal !== literal.toLowerCase()) {
        throw new RangeError(`literal ${JSON.stringify(literal)} of group ${group}: expected lower-case printable ASCII`);
      }
      let node = 0;
      for (let i = 0; i < literal.length; i++) {
        const c = literal.charCodeAt(i);
        if (classOf[c] === 0) {
          classOf[c] = classes++;
          if (c >= 97 && c <= 122) classOf[c - 32] = classOf[c]!;
        }
        const k = classOf[c]!;
        let next = children[node]!.get(k);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          ownLo.push(0);
          ownHi.push(0);
          children[node]!.set(k, next);
        }
        node = next;
      }
      if (group < 31) ownLo[node]! |= 1 << group;
      else ownHi[node]! |= 1 << (group - 31);
    }
  });

  // Breadth first: each node's failure link, its outputs merged with the link's, and a full
  // transition table over the character classes.
  let size = children.length;
  let goto = new Int32Array(size * classes);
  let outLo = Int32Array.from(ownLo);
  let outHi = Int32Array.from(ownHi);
  const fail = new Int32Array(size);
  const queue: number[] = [];
  for (let k = 0; k < classes; k++) {
    const next = children[0]!.get(k) ?? 0;
    goto[k] = next;
    if (next !== 0) queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    outLo[node]! |= outLo[fail[node]!]!;
    outHi[node]! |= outHi[fail[node]!]!;
    for (let k = 0; k < classes; k++) {
      const next = children[node]!.get(k);
      if (next === undefined) goto[node * classes + k] = goto[fail[node]! * classes + k]!;
      else {
        goto[node * classes + k] = next;
        fail[next] = goto[fail[node]! * classes + k]!;
        queue.push(next);
      }
    }
  }

  ({ size, classes, goto, outLo, outHi } = minimized({ size, classes, goto, outLo, outHi }, classOf));

  // Renumber: states without outputs first (the root, which has none, stays 0), then the rest.
  const number = new Int32Array(size);
  const outputStates: number[] = [];
  let numbered = 0;
  for (let state = 0; state < size; state++) {
    if ((outLo[state]! | outHi[state]!) === 0) number[state] = numbered++;
    else outputStates.push(state);
  }
  const firstOutput = numbered;
  for (const state of outputStates) number[state] = numbered++;
  // Rows are not padded to a power of two: the table stays small enough for the fastest cache.
  const delta = size * classes <= 0xffff ? new Uint16Array(size * classes) : new Int32Array(size * classes);
  for (let state = 0; state < size; state++) {
    for (let k = 0; k < classes; k++) delta[number[state]! * classes + k] = number[goto[state * classes + k]!]! * classes;
  }
  return {
    format: TABLE_FORMAT,
    groups: JSON.stringify(groups),
    classOf: toBase64(classOf),
    wide: delta instanceof Int32Array,
    delta: toBase64(delta),
    states: size,
    classes,
    firstOutputRow: firstOutput * classes,
    outLo: toBase64(Int32Array.from(outputStates, (state) => outLo[state]!)),
    outHi: toBase64(Int32Array.from(outputStates, (state) => outHi[state]!)),
  };
}

interface Automaton {
  size: number;
  classes: number;
  /** `goto[state * classes + class]`: the next state. */
  goto: Int32Array<ArrayBuffer>;
  outLo: Int32Array<ArrayBuffer>;
  outHi: Int32Array<ArrayBuffer>;
}

/**
 * The same automaton with fewer states and classes, so its table stays in a faster cache: states
 * no text can tell apart (the same outputs now and after every character) become one, and then
 * character classes whose transitions are the same everywhere ("1" and "2", say) become one;
 * `classOf` is updated to match. The root stays state 0 and class 0 stays the class of characters
 * outside every literal.
 */
function minimized(automaton: Automaton, classOf: Uint8Array): Automaton {
  const { size, classes, goto, outLo, outHi } = automaton;
  // Moore's partition refinement: blocks by outputs, then split by the blocks each character leads to.
  let block = new Int32Array(size);
  const outputs = new Int32Array(size * 2);
  for (let state = 0; state < size; state++) {
    outputs[2 * state] = outLo[state]!;
    outputs[2 * state + 1] = outHi[state]!;
  }
  let blocks = numberRows(outputs, size, 2, block);
  const signatures = new Int32Array(size * (classes + 1));
  for (;;) {
    for (let state = 0, at = 0; state < size; state++) {
      signatures[at++] = block[state]!;
      for (let k = 0; k < classes; k++) signatures[at++] = block[goto[state * classes + k]!]!;
    }
    const next = new Int32Array(size);
    const count = numberRows(signatures, size, classes + 1, next);
    block = next;
    if (count === blocks) break;
    blocks = count;
  }
  // One representative per block; then classes whose columns agree share a number.
  const representative = new Int32Array(blocks).fill(-1);
  for (let state = 0; state < size; state++) if (representative[block[state]!] === -1) representative[block[state]!] = state;
  const columns = new Int32Array(classes * blocks);
  for (let k = 0, at = 0; k < classes; k++) for (let b = 0; b < blocks; b++) columns[at++] = block[goto[representative[b]! * classes + k]!]!;
  const classMap = new Int32Array(classes);
  const newClasses = numberRows(columns, classes, blocks, classMap);
  const merged = new Int32Array(blocks * newClasses);
  for (let b = 0; b < blocks; b++) for (let k = 0; k < classes; k++) merged[b * newClasses + classMap[k]!] = columns[k * blocks + b]!;
  for (let c = 0; c < classOf.length; c++) classOf[c] = classMap[classOf[c]!]!;
  return {
    size: blocks,
    classes: newClasses,
    goto: merged,
    outLo: Int32Array.from(representative, (state) => outLo[state]!),
    outHi: Int32Array.from(representative, (state) => outHi[state]!),
  };
}

/**
 * Numbers the `count` rows of `cells` (each `width` long) 0, 1, 2… in order of first appearance,
 * equal rows alike (so row 0 gets 0), into `into`; returns how many numbers. Rows are hashed, and
 * each is compared in full with the first row given a number before it takes that number, so a
 * hash collision can never make two different rows one (`hashOf` is a parameter for the test of that).
 */
export function numberRows(cells: Int32Array, count: number, width: number, into: Int32Array, hashOf = rowHash): number {
  const byHash = new Map<number, number>();
  const firstRow = new Int32Array(count);
  /** The next number whose first row hashed alike. */
  const sameHash = new Int32Array(count).fill(-1);
  let numbers = 0;
  for (let row = 0; row < count; row++) {
    const from = row * width;
    const hash = hashOf(cells, from, width);
    let number = byHash.get(hash) ?? -1;
    let last = -1;
    while (number !== -1 && !sameRow(cells, from, firstRow[number]! * width, width)) {
      last = number;
      number = sameHash[number]!;
    }
    if (number === -1) {
      number = numbers++;
      firstRow[number] = row;
      if (last === -1) byHash.set(hash, number);
      else sameHash[last] = number;
    }
    into[row] = number;
  }
  return numbers;
}

/** Two 32-bit mixes of a row, as one safe integer (53 bits). */
function rowHash(cells: Int32Array, from: number, width: number): number {
  let h1 = 0x2545f491;
  let h2 = 0x9e3779b1;
  for (let j = 0; j < width; j++) {
    h1 = Math.imul(h1 ^ cells[from + j]!, 0x85ebca6b) + j;
    h2 = Math.imul(h2 + cells[from + j]!, 0xc2b2ae35) ^ (h2 >>> 13);
  }
  return (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff);
}

function sameRow(cells: Int32Array, a: number, b: number, width: number): boolean {
  for (let j = 0; j < width; j++) if (cells[a + j] !== cells[b + j]) return false;
  return true;
}
