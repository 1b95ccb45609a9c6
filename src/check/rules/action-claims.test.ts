/**
 * The hand-written scans of the completion reports agree with the expressions they stand for,
 * on random texts of the characters and words that matter to them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { singular } from '../../setups/tool-performs.ts';
import { beforeFirst, CLAUSE_END, NON_OBJECTS, objectWords } from './action-claims.ts';
import { seededRandom } from '../testing/seeded-random.ts';

function randomTexts(pieces: readonly string[], count: number, seed: number): string[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 16) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
}

describe('objectWords', () => {
  /** The words as the split-and-filter expression it replaced reads them (with the same stop words). */
  const byExpression = (text: string, stop: ReadonlySet<string>) => {
    // Quotes around a word are no part of it ("'quarterly", "review'"); a plural possessive keeps its ("bags'").
    const words = text.toLowerCase().replace(/[#*_`"()[\]{}]/g, ' ').split(/[^a-z'-]+/).map((w) => w.replace(/^'+/, '').replace(/(?<!s)'+$/, '')).filter((w) => w.length > 1 && !stop.has(w));
    return [...new Set(words.map((w) => singular(w.replace(/'s$/, ''))))];
  };
  it('names the things, singular, once each, in order', () => {
    assert.deepEqual(objectWords("Your two bags and the bag's tag have been added to booking #W12"), ['bag', 'tag', 'added', 'booking']);
    assert.deepEqual(objectWords("The 'Quarterly review' has been scheduled"), ['quarterly', 'review', 'scheduled']);
  });
  it('agrees with splitting the lower-cased text on random texts', () => {
    const pieces = [
      ' ', '  ', '\n', '\u00a0', 'Bag', 'bags', "bag's", "'s", 'BOXES', 'e-mail', '-', "'", 'x', 'ab', '#', '*', '_', '`', '"', '(', ')', '[', ']', '{', '}',
      '1', 'é', '\u0130', '\u212a', 'K', '😊', 'İtem', 'the', 'your', 'it', 'and', 'been', 'a', 'to', 'The', 'classes', 'status', 'tickets',
    ];
    let nonEmpty = 0;
    for (const text of randomTexts(pieces, 4000, 7)) {
      const words = objectWords(text);
      assert.deepEqual(words, byExpression(text, NON_OBJECTS), JSON.stringify(text));
      if (words.length > 0) nonEmpty++;
    }
    assert.ok(nonEmpty > 2000, `only ${nonEmpty} texts held a word`);
  });
});

describe('beforeFirst: the text before the end of its clause', () => {
  it('is the first piece of splitting at the clause ends, on random texts', () => {
    const pieces = ['a', 'word', ' ', '\n', '.', ';', '!', '?', ':', ' - ', ' \u2014 ', '\u2013', ', and', ',  but', ',so', ', which', ', whichever', ',', '-', 'x'];
    let cut = 0;
    for (const text of randomTexts(pieces, 4000, 13)) {
      const first = beforeFirst(text, CLAUSE_END);
      assert.equal(first, text.split(CLAUSE_END)[0] ?? '', JSON.stringify(text));
      if (first.length < text.length) cut++;
    }
    assert.ok(cut > 2000, `only ${cut} texts held a clause end`);
  });
});

describe('a second report after "and" keeps its things to itself', () => {
  const reportsOf = async (text: string) => {
    const { actionReports } = await import('./action-claims.ts');
    const { ownVoice } = await import('./text-regions.ts');
    return ownVoice(text).sentences.flatMap((s) => actionReports(s)).map((r) => ({ text: r.text, things: r.things }));
  };
  const cases: { text: string; report: string; has: string[]; lacks: string[] }[] = [
    { text: "Your reminder has been added and I've added your dentist appointment to your calendar.", report: 'Your reminder has been added', has: ['reminder'], lacks: ['dentist', 'appointment'] },
    { text: 'The seat was changed and one checked bag has been added to your reservation.', report: 'The seat was changed', has: ['seat'], lacks: ['bag'] },
    { text: "Your note has been created and we've also booked the table.", report: 'Your note has been created', has: ['note'], lacks: ['table'] },
    { text: "I've added the bag and the seat to your booking.", report: "I've added", has: ['bag', 'seat'], lacks: [] },
    { text: "I've updated the address and phone number on your account.", report: "I've updated", has: ['address', 'phone'], lacks: [] },
  ];
  for (const c of cases) {
    it(`"${c.text}": "${c.report}" names ${c.has.join(', ')}${c.lacks.length > 0 ? `, not ${c.lacks.join(', ')}` : ''}`, async () => {
      const report = (await reportsOf(c.text)).find((r) => r.text === c.report);
      assert.ok(report, JSON.stringify(await reportsOf(c.text)));
      for (const word of c.has) assert.ok(report.things.includes(word), `${word} in ${JSON.stringify(report.things)}`);
      for (const word of c.lacks) assert.ok(!report.things.includes(word), `${word} not in ${JSON.stringify(report.things)}`);
    });
  }
});
