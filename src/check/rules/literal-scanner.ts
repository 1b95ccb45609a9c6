/**
 * One pass over a text for many literals at once (Aho–Corasick). The rules use it as a gate: a
 * reply is scanned once for every cue literal, each sentence learns which cues occur in it, and a
 * rule's patterns run only on sentences holding one of its cues. Literals are lower-case ASCII;
 * the text is scanned lower-cased, so a match here is necessary for a case-insensitive pattern.
 */
import { ALPHABET, buildTable, isTableFor, readTable, type ScannerTable } from './scanner-table.ts';

export type { ScannerTable } from './scanner-table.ts';

/** Which cue groups occur in a stretch of text: two 31-bit words, so up to 62 groups. */
export interface CueMask {
  lo: number;
  hi: number;
}

export const NO_CUES: Readonly<CueMask> = Object.freeze({ lo: 0, hi: 0 });
export const ALL_CUES: Readonly<CueMask> = Object.freeze({ lo: 0x7fffffff, hi: 0x7fffffff });

export const MAX_GROUPS = 62;

/**
 * The literals found in one text: where each of the first `count` matches ends and the groups it
 * belongs to. A caller that scans reply after reply passes the same list back to `scan`, which
 * refills it: no arrays are built per reply.
 */
export class Hits {
  count = 0;
  ends = new Int32Array(64);
  lo = new Int32Array(64);
  hi = new Int32Array(64);

  add(end: number, lo: number, hi: number): void {
    if (this.count === this.ends.length) this.#grow();
    this.ends[this.count] = end;
    this.lo[this.count] = lo;
    this.hi[this.count] = hi;
    this.count++;
  }

  #grow(): void {
    this.ends = doubled(this.ends);
    this.lo = doubled(this.lo);
    this.hi = doubled(this.hi);
  }
}

function doubled(from: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const to = new Int32Array(from.length * 2);
  to.set(from);
  return to;
}

export class LiteralScanner {
  /** Each character's class: the literals' characters get one each (upper case ASCII that of its lower case), all others 0. */
  readonly #classOf = new Uint8Array(ALPHABET);
  /**
   * The transition table, one row per state, one entry per class. An entry is the next state's
   * row offset (its number times the classes), so the scan neither multiplies nor looks anything
   * else up per character; states with outputs are numbered last, so one comparison tells a match.
   */
  readonly #delta: Uint16Array | Int32Array;
  /** The automaton's size after minimizing: states and character classes (the table holds their product). */
  readonly states: number;
  readonly classes: number;
  /** Row offset of the first state with outputs. */
  readonly #firstOutputRow: number;
  /** Outputs of the states with outputs, from the first of them. */
  readonly #outLo: Int32Array;
  readonly #outHi: Int32Array;
  /** What the arrays above were read from. */
  readonly #table: ScannerTable;

  /**
   * `groups[i]` holds the literals of group i. `stored`, a table `toTable()` wrote for the same
   * groups (at build time), is taken as it is instead of building the automaton again; a table for
   * other groups or another format is ignored.
   */
  constructor(groups: readonly (readonly string[])[], stored?: ScannerTable) {
    if (groups.length > MAX_GROUPS) throw new RangeError(`at most ${MAX_GROUPS} literal groups, got ${groups.length}`);
    const table = (stored !== undefined && isTableFor(stored, groups) && readTable(stored)) || readTable(buildTable(groups))!;
    this.#classOf.set(table.classOf);
    this.#delta = table.delta;
    this.states = table.states;
    this.classes = table.classes;
    this.#firstOutputRow = table.firstOutputRow;
    this.#outLo = table.outLo;
    this.#outHi = table.outHi;
    this.#table = table.stored;
  }

  /** The automaton as plain JSON data, for `new LiteralScanner(groups, table)` in another process. */
  toTable(): ScannerTable {
    return this.#table;
  }

  /**
   * Every match in `text` as `lowerSameLength(text)` reads it: ASCII letters in either case, the
   * Kelvin sign as "k"; other characters outside ASCII match no literal.
   */
  scan(text: string, hits = new Hits()): Hits {
    hits.count = 0;
    const classOf = this.#classOf;
    const delta = this.#delta;
    const firstOutputRow = this.#firstOutputRow;
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      row = delta[row + (c < ALPHABET ? classOf[c]! : c === KELVIN ? classOf[107]! : 0)]!;
      if (row >= firstOutputRow) {
        const output = ((row - firstOutputRow) / this.classes) | 0;
        hits.add(i + 1, this.#outLo[output]!, this.#outHi[output]!);
      }
    }
    return hits;
  }
}

/** U+212A KELVIN SIGN: the one character outside ASCII whose lower case is ASCII ("k"). */
const KELVIN = 0x212a;

/** The groups of every match lying wholly or partly inside [start, end) that ends by `end`. */
export function cuesBetween(hits: Hits, start: number, end: number): CueMask {
  const { ends, count } = hits;
  // First match ending after `start`.
  let a = 0;
  let b = count;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (ends[mid]! <= start) a = mid + 1;
    else b = mid;
  }
  let lo = 0;
  let hi = 0;
  for (let k = a; k < count && ends[k]! <= end; k++) {
    lo |= hits.lo[k]!;
    hi |= hits.hi[k]!;
  }
  return { lo, hi };
}

/**
 * Lower-cases without changing the length (offsets stay valid): the rare character whose lower
 * case is longer ("İ") is kept as it is, and so matches no literal.
 */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}
