import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanCues, withEveryCue } from '../cues.ts';
import { seededRandom } from '../../testing/seeded-random.ts';
import { REPORTING_VERB, reportingVerbs } from './quotation.ts';

/** What the pattern finds, as [start, end] pairs. */
function byPattern(text: string): number[] {
  return [...text.matchAll(REPORTING_VERB)].flatMap((m) => [m.index, m.index + m[0].length]);
}

describe('reported speech: the verbs found from the literal scan', () => {
  it('finds a verb after white space, with "also" before it, and what follows it', () => {
    const text = 'Bob said he will come. Ann also\n  wrote that she would. Amy replied, "ok". Tom added the file.';
    assert.deepEqual(reportingVerbs(text, scanCues(text)), byPattern(text));
    assert.equal(byPattern(text).length, 6);
  });

  it('agrees with the pattern on 30,000 random texts built from its pieces', () => {
    const PIECES = [
      'said', 'Said', 'says', 'wrote', 'writes', 'told you', 'told  you', 'tells you', 'let you know', 'added', 'notes', 'confirms', 'also', 'Also',
      'that', 'that.', 'thatch', ',', 'he', 'she', 'they', 'it', 'hello', 'theirs', 'unsaid', 'essays', 'Bob', 'your landlord', 'I', ' ', '  ', '\n',
      '\t', '\u00a0', '\u2028', '.', 'x', 'alsosaid',
    ];
    const random = seededRandom(20);
    for (let n = 0; n < 30_000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => PIECES[Math.floor(random() * PIECES.length)]).join(random() < 0.7 ? ' ' : '');
      assert.deepEqual(reportingVerbs(text, scanCues(text)), byPattern(text), JSON.stringify(text));
    }
  });

  it('with every cue open, tries the pattern everywhere (so the test of the cue lists tests the verbs too)', () => {
    const text = 'Bob said that he will come.';
    const empty = scanCues('');
    assert.deepEqual(reportingVerbs(text, empty), []);
    assert.deepEqual(withEveryCue(() => reportingVerbs(text, empty)), byPattern(text));
  });
});
