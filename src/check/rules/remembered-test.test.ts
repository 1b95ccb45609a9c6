import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_REMEMBERED_CHARS, MessageMemory, rememberedTest } from './remembered-test.ts';

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
    const test = rememberedTest(counting, new MessageMemory(2));
    test('ax');
    test('ax');
    test('b');
    assert.equal(runs, 2);
    test('c'); // third distinct text: the memory is dropped, then holds 'c'
    test('d');
    test('ax'); // neither held nor among the last two looked up
    assert.equal(runs, 5);
  });
  it('shares one memory between tests: each runs once per text, and each answers for itself', () => {
    const memory = new MessageMemory();
    const runs = { game: 0, later: 0 };
    const counted = (name: keyof typeof runs, pattern: RegExp) => {
      const original = pattern.test.bind(pattern);
      pattern.test = (text: string) => (runs[name]++, original(text));
      return rememberedTest(pattern, memory);
    };
    const game = counted('game', /\bgame\b/);
    const later = counted('later', /\blater\b/);
    const texts = ['a game', 'later on', 'a game later', 'nothing', 'a game', 'later on', 'a game later', 'nothing'];
    for (const text of texts) assert.deepEqual([game(text), later(text)], [/\bgame\b/.test(text), /\blater\b/.test(text)], text);
    assert.deepEqual(runs, { game: 4, later: 4 });
  });
  it('remembers any test of a message, not only a pattern', () => {
    let runs = 0;
    const test = rememberedTest({ test: (text: string) => (runs++, text.includes('```')) }, new MessageMemory());
    assert.deepEqual(['```js', 'prose', '```js', 'prose'].map(test), [true, false, true, false]);
    assert.equal(runs, 2);
  });
  it('gives at most 31 tests one memory', () => {
    const memory = new MessageMemory();
    for (let i = 0; i < 31; i++) rememberedTest(/a/, memory);
    assert.throws(() => rememberedTest(/a/, memory), /at most 31/);
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
