import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DECISION_TABLE, type RowExample } from './decision-table.ts';
import { detectCommitments } from './detector.ts';
import { CLAUSE_RULE_CODES, RULE_TEXT } from './rule-codes.ts';

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
