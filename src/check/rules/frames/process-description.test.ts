import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../testing/seeded-random.ts';
import { endsInQuestion } from './process-description.ts';

describe('endsInQuestion: a sentence ending in "?" and white space', () => {
  it('reads the end only', () => {
    assert.equal(endsInQuestion('Could you call us?'), true);
    assert.equal(endsInQuestion('Could you call us?  \n'), true);
    assert.equal(endsInQuestion('Why? Call us.'), false);
    assert.equal(endsInQuestion(''), false);
  });

  it('agrees with /\\?\\s*$/ on 20,000 random texts built from its pieces', () => {
    const PIECES = ['?', '??', ' ', '\n', '\t', '\u00a0', '\u2028', '\ufeff', '\u200b', 'call us', '.', '!', 'x'];
    const random = seededRandom(5);
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: Math.floor(random() * 6) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      assert.equal(endsInQuestion(text), /\?\s*$/.test(text), JSON.stringify(text));
    }
  });
});
