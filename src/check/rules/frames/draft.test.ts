import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSalutation, SALUTATION } from './draft.ts';
import { seededRandom } from '../../testing/seeded-random.ts';

describe('isSalutation: the salutation pattern, run only on lines whose first word could open a letter', () => {
  it('reads salutations in any case, after space or emphasis', () => {
    for (const line of ['Dear Ms Lee,', '  hi Sam', '**Subject: Rent**', 'GOOD MORNING team', 'To whom it may concern'])
      assert.equal(isSalutation(line), true, line);
  });
  it('agrees with the pattern on 20,000 random lines', () => {
    const PIECES = ['dear', 'Dear', 'DEAR', 'hi', 'Hi', 'hello', 'hey', 'good', 'Good morning', 'subject:', 'Subject', 'to', 'To whom', 'whom', 'dearest', 'his', ' ', '  ', '**', '*', ',', 'Sam', 'x', '\t', '-'];
    const random = seededRandom(5);
    for (let n = 0; n < 20_000; n++) {
      const line = Array.from({ length: 1 + Math.floor(random() * 5) }, () => PIECES[Math.floor(random() * PIECES.length)]).join(random() < 0.5 ? ' ' : '');
      assert.equal(isSalutation(line), SALUTATION.test(line), JSON.stringify(line));
    }
  });
});
