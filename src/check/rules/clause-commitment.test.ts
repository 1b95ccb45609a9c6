import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarise } from './clause-commitment.ts';
import { seededRandom } from '../testing/seeded-random.ts';

describe('summarise: the first ten words of a promise, without emphasis marks', () => {
  // The definition, spelled out with patterns.
  const byPatterns = (predicate: string) => predicate.replace(/[*_`]/g, '').split(/\s+/).filter(Boolean).slice(0, 10).join(' ').replace(/[,;:]$/, '');
  it('keeps ten words and drops a last comma', () => assert.equal(summarise('remind you **tomorrow** at 9 to pay the rent, call the bank, and more'), 'remind you tomorrow at 9 to pay the rent, call'));
  it('drops a comma after the tenth word', () => assert.equal(summarise('a b c d e f g h i j, k'), 'a b c d e f g h i j'));
  it('agrees with the patterns on random texts', () => {
    const parts = ['remind', 'you', '*', '**', '_', '`', ' ', '  ', '\n', '\u00a0', ',', ';', ':', 'a,', 'x:', 'é', '.'];
    const next = seededRandom(9);
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: Math.floor(next() * 30) }, () => parts[Math.floor(next() * parts.length)]).join(next() < 0.5 ? ' ' : '');
      assert.equal(summarise(text), byPatterns(text), JSON.stringify(text));
    }
  });
});
