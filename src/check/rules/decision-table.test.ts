import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DECISION_TABLE, previousSentence, type RowExample } from './decision-table.ts';
import { detectCommitments } from './detector.ts';
import { CLAUSE_RULE_CODES, RULE_TEXT } from './rule-codes.ts';
import { seededRandom } from '../testing/seeded-random.ts';

function codesFor(example: RowExample): string[] {
  const { reply, persona, user, operatorSystems } = typeof example === 'string' ? { reply: example } : example;
  const detection = detectCommitments({ reply, userText: user ?? '', persona, succeededFamilies: new Set(), operatorSystems: operatorSystems ?? false });
  return detection.trace.map((step) => step.code ?? '');
}

const label = (example: RowExample) => (typeof example === 'string' ? example : `${example.reply} [${JSON.stringify({ ...example, reply: undefined })}]`);

describe('every row of the clause decision table reads its examples and ignores its counter-examples', () => {
  for (const row of DECISION_TABLE) {
    describe(`${row.code}: ${RULE_TEXT[row.code]}`, () => {
      for (const example of row.reads) it(`reads: ${label(example)}`, () => assert.ok(codesFor(example).includes(row.code), `decided by ${codesFor(example).join(', ') || 'nothing'}`));
      for (const example of row.ignores) it(`ignores: ${label(example)}`, () => assert.ok(!codesFor(example).includes(row.code)));
    });
  }

  it('every code has exactly one row, and every row examples of both kinds', () => {
    assert.deepEqual(DECISION_TABLE.map((row) => row.code).sort(), [...CLAUSE_RULE_CODES].sort());
    for (const row of DECISION_TABLE) assert.ok(row.reads.length > 0 && row.ignores.length > 0, row.code);
  });

  it('the last row decides every clause', () => assert.equal(DECISION_TABLE.at(-1)!.when({} as never), true));
});

describe('the sentence before a clause, in its paragraph', () => {
  /** What it stands for: the paragraph split after each stop mark, the last part with words in it. */
  const bySplitting = (reply: string, start: number) => {
    const before = reply.slice(Math.max(0, start - 300), start).trimEnd();
    return before.slice(before.lastIndexOf('\n') + 1).split(/(?<=[.!?])\s+/).filter((part) => part.trim()).at(-1) ?? '';
  };
  it('reads the last sentence of the paragraph before the clause', () => assert.equal(previousSentence("Hi.\nSet up alerts in the app. You'll get one", 30), 'Set up alerts in the app.'));
  it('agrees with splitting the paragraph, on 20,000 random texts and offsets', () => {
    const pieces = ['.', '!', '?', '...', ' ', '  ', '\n', '\t', '\u00a0', 'a', 'word', 'Set up alerts', '\u2003', 'x.y'];
    const random = seededRandom(9);
    for (let n = 0; n < 20_000; n++) {
      const reply = Array.from({ length: 1 + Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const start = Math.floor(random() * (reply.length + 1));
      assert.equal(previousSentence(reply, start), bySplitting(reply, start), JSON.stringify([reply, start]));
    }
  });
});
