/**
 * The claim rows' second cues only save work: every phrasing of a row holds a literal of its
 * `also` cue, so a sentence without one could not have matched the row.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as L from './claim-lexicon.ts';
import { CLAIM_ROWS } from './claims.ts';
import { CUES, type Cue } from './cues.ts';

/** Each entry has a word holding one of the cue's literals (entries join their words by any white space). */
function everyEntryHolds(entries: readonly string[], cue: Cue): string[] {
  const literals: readonly string[] = CUES[cue];
  return entries.filter((entry) => !entry.split(' ').some((word) => literals.some((literal) => word.includes(literal))));
}

describe('second cues of the claim rows', () => {
  const rows = new Map(CLAIM_ROWS.map((row) => [row.id, row]));
  it("'reminder set' needs a state word", () => {
    assert.equal(rows.get('reminder set')?.also, 'claim_scheduled_state');
    assert.deepEqual(everyEntryHolds(L.SCHEDULED_STATES, 'claim_scheduled_state'), []);
  });
  it("'did it as well' needs \"I've\" or \"we have\"", () => {
    assert.equal(rows.get('did it as well')?.also, 'have');
    assert.deepEqual(everyEntryHolds(L.HAVE_FORMS, 'have'), []);
  });
  it("'added to calendar' needs \"I've\" or \"we have\"", () => {
    assert.equal(rows.get('added to calendar')?.also, 'have');
    assert.match(rows.get('added to calendar')!.pattern.source, /^\\b\(\?:i've\|/);
  });
  it("'saved to a store' needs its verb", () => {
    assert.equal(rows.get('saved to a store')?.also, 'claim_store_verb');
    // "logged" is a shape of the row's own, outside the list.
    assert.deepEqual(everyEntryHolds([...L.STORE_VERBS, 'logged'], 'claim_store_verb'), []);
  });
  it('every other row has none', () => {
    const checked = new Set(['reminder set', 'did it as well', 'added to calendar', 'saved to a store']);
    assert.deepEqual(CLAIM_ROWS.filter((row) => row.also && !checked.has(row.id)).map((row) => row.id), []);
  });
});

describe('the cue of the "I\'ve" opening', () => {
  it('every opening holds one of its literals', () => assert.deepEqual(everyEntryHolds(L.HAVE_FORMS, 'have_opening'), []));
});
