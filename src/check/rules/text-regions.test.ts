import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { endsInAbbreviation, endsInListNumber, ownVoice } from './text-regions.ts';
import { seededRandom } from '../testing/seeded-random.ts';

/** The splitter as one regular expression: what the hand-written scan must agree with. */
function referenceSentences(text: string): [number, number][] {
  const boundary = /[.!?]+(?=[\s)\]*_"']|$)|\n+/g;
  const abbreviation = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|a\.m|p\.m|u\.k|u\.s)\.$/i;
  const spans: [number, number][] = [];
  const push = (from: number, to: number) => {
    while (from < to && /\s/.test(text[from]!)) from++;
    while (to > from && /\s/.test(text[to - 1]!)) to--;
    if (to - from >= 2) spans.push([from, to]);
  };
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[0].length;
    if (match[0][0] === '.' && abbreviation.test(text.slice(Math.max(0, match.index - 6), match.index + 1))) continue;
    if (match[0][0] === '.' && /(?:^|\n)[ \t]*\d{1,3}$/.test(text.slice(Math.max(0, match.index - 6), match.index))) continue;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return spans;
}

describe('sentence boundaries', () => {
  it('agree with the regular-expression splitter on random texts of stops, breaks, quotes and brackets', () => {
    const pieces = ['.', '!', '?', '...', '?!', '\n', '\n\n', ' ', '  ', ')', ']', '*', '_', "'", '"', 'a', 'word', 'e.g.', 'Dr.', 'etc.', '1.', '12.', '\u00a0', '\u2003', 'x.y', '\t', '(', ':'];
    const random = seededRandom(11);
    let compared = 0;
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 30) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const regions = ownVoice(text);
      if (regions.setAside.length > 0) continue; // a frame cut the text; the reference knows no frames
      compared++;
      assert.deepEqual(regions.sentences.map((s) => [s.start, s.end]), referenceSentences(text), JSON.stringify(text));
    }
    assert.ok(compared > 2000, `compared ${compared} texts`);
  });

  it('keep abbreviations and list numbers inside their sentence', () => {
    const text = 'Bring e.g. a passport.\n1. Photo ID\nCall Dr. Lee at 9 a.m. tomorrow!';
    assert.deepEqual(ownVoice(text).sentences.map((s) => s.text), ['Bring e.g. a passport.', '1. Photo ID', 'Call Dr. Lee at 9 a.m. tomorrow!']);
  });
});

describe('abbreviations and list numbers are read back from the full stop, as the patterns read them', () => {
  const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|a\.m|p\.m|u\.k|u\.s)\.$/i;
  const LIST_NUMBER = /(?:^|\n)[ \t]*\d{1,3}$/;
  const parts = ['e.g', 'E.G', 'i.e', 'Dr', 'mrs', 'no', 'piano', 'approx', 'xapprox', 'p.m', 'U.S', 'st', 'vs', '1', '12', '123', '1234', ' ', '\t', '\n', 'a', '_', '.', 'é', 'Ms'];
  const next = seededRandom(3);
  const pieces = Array.from({ length: 3000 }, () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => parts[Math.floor(next() * parts.length)]).join('') + '.');
  it('an abbreviation ends at the stop exactly when the pattern says so', () => {
    for (const piece of pieces) {
      for (let stop = piece.indexOf('.'); stop !== -1; stop = piece.indexOf('.', stop + 1)) {
        assert.equal(endsInAbbreviation(piece, stop), ABBREVIATION.test(piece.slice(Math.max(0, stop - 6), stop + 1)), JSON.stringify([piece, stop]));
      }
    }
  });
  it('a list number ends at the stop exactly when the pattern says so', () => {
    for (const piece of pieces) {
      for (let stop = piece.indexOf('.'); stop !== -1; stop = piece.indexOf('.', stop + 1)) {
        assert.equal(endsInListNumber(piece, stop), LIST_NUMBER.test(piece.slice(Math.max(0, stop - 6), stop)), JSON.stringify([piece, stop]));
      }
    }
  });
});
