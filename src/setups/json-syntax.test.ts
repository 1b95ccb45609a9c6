import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonSyntaxErrorPosition } from './json-syntax.ts';

describe('jsonSyntaxErrorPosition finds where JSON first breaks', () => {
  test('valid JSON has no error position', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {}} ', '"s"', '0']) {
      assert.equal(jsonSyntaxErrorPosition(text), undefined, text);
    }
  });

  test('reports the 1-based line and column of the offending character', () => {
    assert.deepEqual(jsonSyntaxErrorPosition('{\n  "a": 1,\n  "b": }'), { line: 3, column: 8 });
    assert.deepEqual(jsonSyntaxErrorPosition('{"a": 1,}'), { line: 1, column: 9 });
    assert.deepEqual(jsonSyntaxErrorPosition('[1 2]'), { line: 1, column: 4 });
    assert.deepEqual(jsonSyntaxErrorPosition("{'a': 1}"), { line: 1, column: 2 });
    assert.deepEqual(jsonSyntaxErrorPosition('{"a": tru}'), { line: 1, column: 7 });
    assert.deepEqual(jsonSyntaxErrorPosition('{"a": 1}\nx'), { line: 2, column: 1 });
    assert.deepEqual(jsonSyntaxErrorPosition('{"a": "unterminated'), { line: 1, column: 7 });
    assert.deepEqual(jsonSyntaxErrorPosition(''), { line: 1, column: 1 });
  });
});
