/**
 * boundedJson: JSON.stringify's text for what fits, cut with `...` after the limit, and never
 * more of the value read than it shows: a value nested past the stack, a huge list, a cycle and
 * a BigInt are all written in a few characters.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedJson } from './bounded-json.ts';

describe('boundedJson', () => {
  test('what fits is exactly JSON.stringify', () => {
    const values: unknown[] = [null, true, 0, -1.5, 'a "quoted"\nline', [], {}, [1, 'two', null, { three: [3] }], { a: undefined, b: () => 1, c: [undefined, Symbol('s')], d: new Date(0) }];
    for (const value of values) assert.equal(boundedJson(value, 1000), JSON.stringify(value));
  });

  test('a longer text is cut to the limit, ending in ...', () => {
    const text = boundedJson({ message: 'x'.repeat(500) }, 60);
    assert.equal(text.length, 60);
    assert.equal(text, `${JSON.stringify({ message: 'x'.repeat(500) }).slice(0, 57)}...`);
    assert.equal(boundedJson('x'.repeat(58), 60), JSON.stringify('x'.repeat(58)), 'exactly 60 characters is not cut');
  });

  test('nesting far deeper than the stack', () => {
    const deep = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`) as unknown;
    assert.throws(() => JSON.stringify(deep), RangeError);
    assert.equal(boundedJson(deep, 10), '[[[[[[[...');
  });

  test('reads only what it shows: a million items, a few read', () => {
    let reads = 0;
    const items = new Proxy(Array.from({ length: 1_000_000 }, (_, i) => i), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    assert.equal(boundedJson(items, 20), '[0,1,2,3,4,5,6,7,...');
    assert.ok(reads < 20, `${reads} items read`);
  });

  test('values JSON cannot hold, as a library caller may pass them: a cycle, a BigInt, NaN', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    assert.equal(boundedJson(loop, 100), '{"name":"loop","self":[cycle]}');
    assert.equal(boundedJson({ n: 10n, list: [NaN, -Infinity] }, 100), '{"n":10n,"list":[NaN,-Infinity]}');
    const shared = { x: 1 };
    assert.equal(boundedJson([shared, shared], 100), '[{"x":1},{"x":1}]', 'a value met twice is not a cycle');
  });
});
