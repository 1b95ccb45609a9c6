import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cuesBetween, LiteralScanner, lowerSameLength } from './literal-scanner.ts';
import { numberRows } from './scanner-table.ts';
import { seededRandom } from '../testing/seeded-random.ts';

/** Every (end, group) pair a naive search finds: what the automaton must report. */
function naive(groups: readonly (readonly string[])[], text: string): string[] {
  const found = new Set<string>();
  groups.forEach((literals, group) => {
    for (const literal of literals) for (let i = text.indexOf(literal); i !== -1; i = text.indexOf(literal, i + 1)) found.add(`${i + literal.length}:${group}`);
  });
  return [...found].sort();
}

function scanned(scanner: LiteralScanner, text: string): string[] {
  const hits = scanner.scan(text);
  const found: string[] = [];
  for (let k = 0; k < hits.count; k++) {
    for (let g = 0; g < 62; g++) if (g < 31 ? hits.lo[k]! & (1 << g) : hits.hi[k]! & (1 << (g - 31))) found.push(`${hits.ends[k]}:${g}`);
  }
  return found.sort();
}

describe('one pass finds every literal of every group', () => {
  const groups = [['he', 'she', 'his', 'hers'], ['will', "'ll"], ['i am ', 'am'], ['?'], ['sh']];
  for (const text of ['ushers', "she'll say: i am here, will you?", 'hishershe', '', 'no match at all', 'willwill', 'ßhe — “she”']) {
    it(JSON.stringify(text), () => assert.deepEqual(scanned(new LiteralScanner(groups), text), naive(groups, text)));
  }

  it('agrees with a naive search on random texts over a small alphabet (overlaps, nesting, suffixes)', () => {
    const random = seededRandom(7);
    const word = (n: number) => Array.from({ length: n }, () => 'abc '[Math.floor(random() * 4)]).join('');
    for (let round = 0; round < 50; round++) {
      const groups = Array.from({ length: 1 + Math.floor(random() * 40) }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => word(1 + Math.floor(random() * 4)).replace(/^$/, 'a')));
      const text = word(200);
      assert.deepEqual(scanned(new LiteralScanner(groups), text), naive(groups, text), `round ${round}`);
    }
  });

  it('reads the text as lowerSameLength() does: ASCII in either case, the Kelvin sign as "k", nothing else folded', () => {
    const groups = [['will', 'ok'], ['é'.normalize('NFD').slice(0, 1) + 'x'], ['?']];
    const random = seededRandom(13);
    const parts = ['W', 'i', 'L', 'l', 'o', 'K', '\u212a', 'É', 'é', 'İ', '?', ' ', 'ex', 'EX'];
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: Math.floor(random() * 20) }, () => parts[Math.floor(random() * parts.length)]).join('');
      assert.deepEqual(scanned(new LiteralScanner(groups), text), naive(groups, lowerSameLength(text)), JSON.stringify(text));
    }
  });

  it('keeps one state and one character class for literals no text can tell apart', () => {
    // The root and one state for any digit; classes: other characters, digits.
    const digits = new LiteralScanner([['1', '2', '3', '4']]);
    assert.deepEqual([digits.states, digits.classes], [2, 2]);
    // Every "she" ends in "he": in one group only "he" needs finding (root, h, he), and "s" reads like any other character.
    const sameGroup = new LiteralScanner([['he', 'she']]);
    assert.deepEqual([sameGroup.states, sameGroup.classes], [3, 3]);
    // In two groups "she" must be told from "he": root, h, he, s, sh, she; other, h, e, s.
    const twoGroups = new LiteralScanner([['he'], ['she']]);
    assert.deepEqual([twoGroups.states, twoGroups.classes], [6, 4]);
    // In different groups the digits are told apart by their outputs.
    assert.deepEqual([new LiteralScanner([['1'], ['2']]).states, new LiteralScanner([['1'], ['2']]).classes], [3, 3]);
  });

  it('uses the high word for groups past the 31st', () => {
    const groups = Array.from({ length: 40 }, (_, i) => [`x${i}y`]);
    assert.deepEqual(scanned(new LiteralScanner(groups), 'x35y x2y'), ['4:35', '8:2']);
  });

  it('refuses literals it could never match', () => {
    assert.throws(() => new LiteralScanner([['Will']]), /lower-case printable ASCII/);
    assert.throws(() => new LiteralScanner([['caf\u00e9']]), /lower-case printable ASCII/);
    assert.throws(() => new LiteralScanner([['']]), /lower-case/);
    assert.throws(() => new LiteralScanner(Array.from({ length: 63 }, () => ['a'])), /at most 62/);
  });
});

describe('a stored table (built once, at build time)', () => {
  const groups = [['he', 'she', 'his', 'hers'], ['will', "'ll"], ['i am ', 'am'], ['?'], ['sh']];
  const texts = ['ushers', "she'll say: i am here, will you?", 'hishershe', 'WILL he?'];

  it('is taken as it is, through JSON, and scans as the scanner that wrote it', () => {
    const stored = JSON.parse(JSON.stringify(new LiteralScanner(groups).toTable())) as ReturnType<LiteralScanner['toTable']>;
    const read = new LiteralScanner(groups, stored);
    assert.equal(read.toTable(), stored, 'the stored table, not a new one');
    for (const text of texts) assert.deepEqual(scanned(read, text), naive(groups, lowerSameLength(text)));
  });

  it('for other literals, or of another format, is ignored', () => {
    const stored = new LiteralScanner([['she'], ['will']]).toTable();
    const read = new LiteralScanner(groups, stored);
    assert.notEqual(read.toTable(), stored);
    for (const text of texts) assert.deepEqual(scanned(read, text), naive(groups, lowerSameLength(text)));
    const otherFormat = { ...new LiteralScanner(groups).toTable(), format: -1 };
    assert.notEqual(new LiteralScanner(groups, otherFormat).toTable(), otherFormat);
  });

  it('whose arrays do not fit its sizes (a damaged file) is ignored', () => {
    const good = new LiteralScanner(groups).toTable();
    const damaged = [
      { ...good, delta: good.delta.slice(0, 8) },
      { ...good, states: good.states + 1 },
      { ...good, outLo: '' },
      { ...good, classOf: 'not base64 of 128 bytes' },
    ];
    for (const table of damaged) {
      const read = new LiteralScanner(groups, table);
      assert.notEqual(read.toTable(), table);
      for (const text of texts) assert.deepEqual(scanned(read, text), naive(groups, lowerSameLength(text)));
    }
  });
});

describe('numbering equal rows alike (the minimizing step)', () => {
  const random = seededRandom(29);
  const tables = Array.from({ length: 200 }, () => {
    const width = 1 + Math.floor(random() * 4);
    const count = 1 + Math.floor(random() * 30);
    return { width, count, cells: Int32Array.from({ length: width * count }, () => Math.floor(random() * 3)) };
  });
  /** The same numbering by each row's text. */
  function byText({ cells, count, width }: (typeof tables)[number]): number[] {
    const seen = new Map<string, number>();
    return Array.from({ length: count }, (_, row) => {
      const key = cells.slice(row * width, (row + 1) * width).join(',');
      if (!seen.has(key)) seen.set(key, seen.size);
      return seen.get(key)!;
    });
  }
  for (const [name, hashOf] of [['with its hash', undefined], ['when every row hashes alike', () => 7]] as const) {
    it(`gives equal rows one number and different rows different numbers, ${name}`, () => {
      for (const table of tables) {
        const into = new Int32Array(table.count);
        const numbers = numberRows(table.cells, table.count, table.width, into, hashOf);
        const expected = byText(table);
        assert.deepEqual([...into], expected);
        assert.equal(numbers, new Set(expected).size);
      }
    });
  }
});

describe('cues between two offsets', () => {
  const scanner = new LiteralScanner([['will'], ['?'], ['done']]);
  const text = 'Done. I will. Ok?';
  const hits = scanner.scan(text);
  it('holds the matches ending inside the stretch', () => {
    assert.deepEqual(cuesBetween(hits, 0, 5), { lo: 0b100, hi: 0 });
    assert.deepEqual(cuesBetween(hits, 6, 13), { lo: 0b001, hi: 0 });
    assert.deepEqual(cuesBetween(hits, 14, 17), { lo: 0b010, hi: 0 });
    assert.deepEqual(cuesBetween(hits, 0, 17), { lo: 0b111, hi: 0 });
  });
  it('leaves out a match that ends after the stretch', () => assert.deepEqual(cuesBetween(hits, 6, 11), { lo: 0, hi: 0 }));
  it('a list passed back is refilled: it holds the new text\'s matches only, growing past its first size', () => {
    const reused = scanner.scan('will '.repeat(100));
    assert.equal(reused.count, 100);
    assert.equal(scanner.scan('Ok? done', reused), reused);
    assert.equal(reused.count, 2);
    assert.deepEqual(cuesBetween(reused, 0, 8), { lo: 0b110, hi: 0 });
    assert.deepEqual(scanned(scanner, 'will '.repeat(100)).length, 100);
  });
});

describe('lower case of the same length', () => {
  it('lower-cases ASCII and most letters', () => assert.equal(lowerSameLength('WILL Straße ÉTÉ'), 'will straße été'));
  it('keeps a character whose lower case is longer, so offsets stay valid', () => {
    const text = 'İ WILL';
    assert.equal(lowerSameLength(text).length, text.length);
    assert.equal(lowerSameLength(text), 'İ will');
  });
});
