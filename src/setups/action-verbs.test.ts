import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionLemma, CHANGE_VERBS, completedForms, GENERIC_COMPLETION_VERBS, lemmasIn } from './action-verbs.ts';

/** What lemmasIn stands for, spelled out with split and map. */
const byRegex = (text: string, maxPieces = Infinity) =>
  text.toLowerCase().split(/[^a-z-]+/).slice(0, maxPieces).map(actionLemma).filter((v): v is string => v !== null);

describe('lemmasIn: the act lemmas among the words, as split(/[^a-z-]+/) reads them', () => {
  it('reads inflected forms as their lemma, in order', () => assert.deepEqual(lemmasIn('Please CANCEL my order and booked a table'), byRegex('Please CANCEL my order and booked a table')));
  it('counts the empty piece before a leading separator, as split does', () => {
    // ' cancel …' splits into ['', 'cancel', …]: with two pieces only "cancel" is read.
    assert.deepEqual(lemmasIn(' cancel book', 2), byRegex(' cancel book', 2));
    assert.deepEqual(lemmasIn('cancel book', 1), byRegex('cancel book', 1));
  });
  it('finds every verb form it knows, whatever its letters and length, among other words', () => {
    const forms = [...CHANGE_VERBS.flatMap((verb) => [verb.lemma, ...verb.forms]), ...GENERIC_COMPLETION_VERBS, ...completedForms()];
    for (const form of forms) {
      const text = `Okay, so I ${form.toUpperCase()} it—then ${form}-ish and x${form} ${form}`;
      assert.deepEqual(lemmasIn(text), byRegex(text), form);
      assert.ok(lemmasIn(text).length >= 2, `${form} is read as a form`);
    }
  });
  it('agrees with the split on random texts', () => {
    const words = ['cancel', 'Booked', 'add', 'e-mail', 'the', 'order', '', ' ', '  ', '.', '!', "it's", 'Über', '42', 'set-up', '\n', 'remind', 'updated'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: Math.floor(next() * 12) }, () => words[Math.floor(next() * words.length)]).join(next() < 0.5 ? ' ' : '');
      const max = next() < 0.5 ? Infinity : Math.floor(next() * 10);
      assert.deepEqual(lemmasIn(text, max), byRegex(text, max), JSON.stringify([text, max]));
    }
  });
});
