import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCodeText } from './code-text.ts';
import { seededRandom } from '../../testing/seeded-random.ts';
import { doubling } from '../../testing/doubling.ts';

/** The pattern the scan stands in for. */
const CODE_IN_TEXT = /```|^\s*(?:import |from \S+ import|def |class |function |const |let |var |#include|public |private |SELECT |<\w+[^>]*>|\$ )|[{};]\s*$|=>/m;

describe('hasCodeText: whether a text holds code', () => {
  it('finds fences, statements, tags, prompts and line-final braces', () => {
    for (const text of ['```py\nx = 1\n```', '  import os', 'from a.b import c', '<div class="x">', '$ npm test', 'if (x) {\n  y();\n}', 'x => x + 1', 'Note:\n\tconst a = 1;'])
      assert.equal(hasCodeText(text), true, text);
  });
  it('leaves prose alone, even with the same words mid-line', () => {
    for (const text of ["I'll import the file tomorrow.", 'Prices from $ 5', 'a < b and c > d', 'from  x import y', 'Use {braces} in text.', 'Done; see you.'])
      assert.equal(hasCodeText(text), false, text);
  });

  it('agrees with the pattern on 20,000 random texts built from its pieces', () => {
    const PIECES = [
      '```', '``', '=>', '=', '>', '<', '<a', '<1>', '<_x', 'import ', 'import', 'from ', 'from x', ' import', 'def ', 'class ', 'function ', 'const ', 'let ',
      'var ', '#include', 'public ', 'private ', 'SELECT ', 'select ', '$ ', '$', '{', '}', ';', ' ', '  ', '\t', '\n', '\r', '\r\n', '\u2028', '\u00a0', '\ufeff', '\v',
      'word', 'I will', '.', 'x', '_', '9',
    ];
    const random = seededRandom(11);
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 8) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      assert.equal(hasCodeText(text), CODE_IN_TEXT.test(text), JSON.stringify(text));
    }
  });

  for (const blank of ['\n', '\r\n']) {
    it(`reads each run of white space once: doubling the blank lines (${JSON.stringify(blank)}) about doubles the time, never quadruples it`, (t) => {
      const grown = doubling((n) => {
        const text = `Remind me${blank.repeat(n)}tomorrow`;
        return () => hasCodeText(text);
      }, 8000);
      t.diagnostic(`${JSON.stringify(blank)}: ratio ${grown.ratio.toFixed(2)} (${grown.atN.toFixed(4)} ms → ${grown.at2N.toFixed(4)} ms)`);
      assert.ok(grown.ratio < 3.5, `${JSON.stringify(blank)}: the time grew ${grown.ratio.toFixed(2)} times`);
    });
  }

  it('agrees with it on 20,000 texts of many short lines and runs of white space (line starts read once per run)', () => {
    const PIECES = ['\n', '\n', '\r\n', '\r', ' ', '\t', '\u2029', '<a', '<a>', '>', 'import ', 'from x import', '$ ', 'x', 'word ', ';', '{'];
    const random = seededRandom(12);
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 16) }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
      assert.equal(hasCodeText(text), CODE_IN_TEXT.test(text), JSON.stringify(text));
    }
  });
});
