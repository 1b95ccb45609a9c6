/**
 * The parts of `npm run check:rules-guarded` that decide what it removes and what counts as
 * noticed: the rows it finds in a rules file, the text left when one is removed, and the
 * in-process harness that stands in for node:test (a failure stops the run and is named).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { rowsOf, withoutRow } from '../scripts/rules-guarded/rows.ts';

const SOURCE = `/** A list. */
export const VERBS = ['remind', 'nudge', "let you know"];
const ONE = ['alone'];
export const KINDS: Record<string, string> = { reminder: 'notify', 'call back': 'call' };
export const TABLE = [
  { code: 'a', when: () => true },
  // a comment between rows
  { code: 'b', when: () => false },
] as const;
export const SPREAD = [...VERBS, 'ping'];
let mutable = ['x', 'y'];
function f() { const inner = ['p', 'q']; return inner; }
`;

describe('rowsOf: the rows of a rules file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rules-guarded-'));
  const file = join(dir, 'lexicon.ts');
  writeFileSync(file, SOURCE);
  const rows = rowsOf(dir, file);

  it('every element of a top-level const array or object with two or more rows, in order', () => {
    assert.deepEqual(rows.map((r) => `${r.table}[${r.index}]`), ['VERBS[0]', 'VERBS[1]', 'VERBS[2]', 'KINDS[0]', 'KINDS[1]', 'TABLE[0]', 'TABLE[1]', 'SPREAD[0]', 'SPREAD[1]']);
  });

  it('a plain phrase (or a table key) carries its words; a spread or an object row does not', () => {
    assert.deepEqual(rows.map((r) => r.words ?? null), ['remind', 'nudge', 'let you know', 'reminder', 'call back', null, null, null, 'ping']);
  });

  it('removing a row deletes it and its comma, leaving valid rows on either side', () => {
    const nudge = rows.find((r) => r.table === 'VERBS' && r.index === 1)!;
    assert.match(withoutRow(SOURCE, nudge), /\['remind',\s+"let you know"\];/);
    const a = rows.find((r) => r.table === 'TABLE' && r.index === 0)!;
    assert.equal(a.line, 6);
    assert.doesNotMatch(withoutRow(SOURCE, a), /code: 'a'/);
    assert.match(withoutRow(SOURCE, a), /code: 'b'/);
  });
});

describe('the in-process harness', () => {
  it('runs registered tests in order, stops at the first failure and names it; skipped and ignored tests do not run', async () => {
    const harness = await import(`../scripts/rules-guarded/harness.ts?case=${Date.now()}`);
    const ran: string[] = [];
    harness.describe('suite', () => {
      harness.it('passes', () => void ran.push('passes'));
      harness.it('skipped', { skip: 'reason' }, () => void ran.push('skipped'));
      harness.it('bookkeeping', () => { ran.push('bookkeeping'); throw new Error('ignored'); });
      harness.test('fails', async () => { ran.push('fails'); assert.equal(1, 2); });
      harness.it('after', () => void ran.push('after'));
    });
    const failure = await harness.runRegistered(0, [/bookkeeping/]);
    assert.deepEqual(ran, ['passes', 'fails']);
    assert.equal(failure?.test, 'suite › fails');
    assert.match(failure?.message ?? '', /Expected values to be strictly equal/);
  });
});
