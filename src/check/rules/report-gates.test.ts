/**
 * The cheap scans read what a plain word split would read: on random sentences made of completed
 * forms, other words, markdown and punctuation, each answers as its reference does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../testing/seeded-random.ts';
import { COMPLETED_WORDS, formAfterAnd, formInLead } from './report-gates.ts';

const WORDS = ['Refund', 'submitted', 'ADDED', 'merged', 'the', 'your', 'loaf', 'and', '&', 'also', 'then', 'set', 'turned', 'sent', 'Issue', 'created', 'co-signed', 'a', 'it', 'x1', '#412', '**', '-', '✅', '$3.29', 'don\'t', 'booked.', 'closed,', 'and,', 'up'];
const SEPARATORS = [' ', ' ', ' ', '  ', ', ', '\n', ' — '];

/** The words as the scans see them: a letter, then letters or hyphens. */
const words = (text: string) => text.match(/[a-z][a-z-]*/gi) ?? [];
const referenceLead = (text: string) => words(text).slice(1, 7).some((w) => COMPLETED_WORDS.has(w.toLowerCase()));
function referenceAfterAnd(text: string): boolean {
  const pair = / (?:and|&) (?:(?:also|then) )?([a-z-]*)/gi;
  for (let m = pair.exec(text); m !== null; m = pair.exec(text)) {
    pair.lastIndex = m.index + 1;
    if (COMPLETED_WORDS.has(m[1]!.toLowerCase())) return true;
  }
  return false;
}

describe('report gates', () => {
  it('agree with a plain word split on 5,000 random sentences', () => {
    const random = seededRandom(20261203);
    for (let n = 0; n < 5_000; n++) {
      let text = '';
      const length = 1 + Math.floor(random() * 10);
      for (let i = 0; i < length; i++) text += (i > 0 ? SEPARATORS[Math.floor(random() * SEPARATORS.length)]! : '') + WORDS[Math.floor(random() * WORDS.length)]!;
      assert.equal(formInLead(text), referenceLead(text), JSON.stringify(text));
      assert.equal(formAfterAnd(text), referenceAfterAnd(text), JSON.stringify(text));
    }
  });
  it('read a headline and a pair of acts; ignore a form that opens the sentence or follows no "and"', () => {
    assert.ok(formInLead('Refund submitted for the spinach'));
    assert.ok(!formInLead('Submitted for review, as you asked'));
    assert.ok(formAfterAnd('Committed and pushed to hotfix/csp'));
    assert.ok(formAfterAnd('Ticket INC-2 is open and also assigned to Marco'));
    assert.ok(!formAfterAnd('Salt and pepper were added'));
  });
});
