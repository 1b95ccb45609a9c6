import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_REMEMBERED_CHARS, rememberedTest } from './remembered-test.ts';

describe('a remembered test of a message', () => {
  it('answers as the pattern does, for new and for seen texts', () => {
    const test = rememberedTest(/\brole-?play\b/i);
    for (const text of ["Let's roleplay", 'no game here', "Let's roleplay", 'no game here', 'ROLE-PLAY time']) assert.equal(test(text), /\brole-?play\b/i.test(text), text);
  });
  it('runs the pattern once per distinct text while it remembers', () => {
    let runs = 0;
    const counting = new RegExp('x');
    const original = counting.test.bind(counting);
    counting.test = (text: string) => (runs++, original(text));
    const test = rememberedTest(counting, 2);
    test('ax');
    test('ax');
    test('b');
    assert.equal(runs, 2);
    test('c'); // third distinct text: the memory is dropped, then holds 'c'
    test('ax');
    assert.equal(runs, 4);
  });
  it('tests a very long message every time instead of holding it', () => {
    let runs = 0;
    const counting = new RegExp('x');
    const original = counting.test.bind(counting);
    counting.test = (text: string) => (runs++, original(text));
    const test = rememberedTest(counting);
    const long = 'x'.repeat(MAX_REMEMBERED_CHARS + 1);
    assert.equal(test(long), true);
    assert.equal(test(long), true);
    assert.equal(runs, 2);
  });
  it('refuses a global or sticky pattern, whose test depends on lastIndex', () => {
    assert.throws(() => rememberedTest(/a/g), /without g or y/);
    assert.throws(() => rememberedTest(/a/y), /without g or y/);
  });
});
