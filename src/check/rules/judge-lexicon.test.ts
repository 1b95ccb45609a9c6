import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CUES } from './cues.ts';
import { HAND_BACKS, INABILITIES, LIMITATION_PHRASES } from './judge-lexicon.ts';
import { combine, phrases, shapePattern, type PhraseShape } from './lexicon.ts';

const slotsOf = (shapes: readonly PhraseShape[]) => shapes.flat();

describe("the judge's phrase shapes", () => {
  const lists: [string, readonly string[]][] = [
    ...slotsOf(INABILITIES).map((slot, i): [string, readonly string[]] => [`INABILITIES slot ${i}`, slot]),
    ...slotsOf(LIMITATION_PHRASES).map((slot, i): [string, readonly string[]] => [`LIMITATION_PHRASES slot ${i}`, slot]),
    ...HAND_BACKS.flatMap((row) => slotsOf(row.phrases).map((slot, i): [string, readonly string[]] => [`${row.id} phrases slot ${i}`, slot])),
  ];
  for (const [name, slot] of lists) {
    it(`${name}: lower-case, trimmed, each entry once`, () => {
      assert.equal(new Set(slot).size, slot.length);
      for (const entry of slot) assert.equal(entry, entry.trim().toLowerCase());
    });
  }
  it('a shape matches every way of filling its slots, and nothing with a slot left out', () => {
    const pattern = new RegExp(`^${shapePattern([[['each', 'every'], ['chat', 'conversation'], ['starts over']]])}$`, 'i');
    for (const text of ['each chat starts over', 'Every  conversation starts\nover', 'each conversation starts over']) assert.match(text, pattern);
    for (const text of ['each starts over', 'chat starts over', 'each chat starts']) assert.doesNotMatch(text, pattern);
  });
  it('matches exactly what the spelled-out combinations match', () => {
    const slots = [['if'], ['it', 'that'], ['would', 'might'], ['help', 'helps']];
    const shaped = new RegExp(`^${shapePattern([slots])}$`, 'i');
    const flat = new RegExp(`^${phrases(combine(...slots))}$`, 'i');
    for (const text of [...combine(...slots), 'if it help', 'if that would', 'if it would helpss', 'if  that might  helps']) assert.equal(shaped.test(text), flat.test(text), text);
  });
});

describe("the hand-back shapes' own cues", () => {
  const keep = HAND_BACKS.find((row) => row.id === 'keep it yourself')!;
  const tellMe = keep.shapes!.find((shape) => shape.cue === 'hand_back_tell_me')!;
  it('the "tell me again" shape opens with a literal of its cue, in each of its forms', () => {
    const texts = ['Tell me again where you parked when you come back', 'remind me what it was next time', 'just tell me where we were and we can start'];
    for (const text of texts) {
      assert.match(text, tellMe.pattern);
      assert.ok(CUES.hand_back_tell_me.some((literal) => text.toLowerCase().includes(literal)), text);
    }
    // The pattern spells its words with single spaces: any text it matches holds "tell me" or "remind me",
    // and, as its second cue, "come back", "next time" or "start".
    assert.match(tellMe.pattern.source, /^\\b\(\?:tell\|remind\) me /);
    assert.equal(tellMe.also, 'hand_back_come_back');
    assert.match(tellMe.pattern.source, /\\b\(\?:come back\|next time\|start\)\\b\/?$/);
    for (const text of texts) assert.ok(CUES.hand_back_come_back.some((literal) => text.toLowerCase().includes(literal)), text);
  });
});

describe("the hand-back rows' second cues", () => {
  /** Whether every entry has a word holding one of the literals (entries join their words by any white space). */
  const allHold = (entries: readonly string[], literals: readonly string[]) => entries.every((entry) => entry.split(' ').some((word) => literals.some((literal) => word.includes(literal))));
  it('every phrasing of a row with a second cue holds one of its literals: in its verb or its object, and in a slot of each phrase', () => {
    const rows = HAND_BACKS.filter((row) => row.also);
    assert.deepEqual(rows.map((row) => row.id), ['own reminder or alarm', 'keep it yourself']);
    for (const row of rows) {
      const literals: readonly string[] = CUES[row.also!];
      assert.ok(allHold(row.verbs, literals) || (!row.numbered && allHold(row.objects, literals)), row.id);
      for (const shape of row.phrases) assert.ok(shape.some((slot) => allHold(slot, literals)), `${row.id}: ${JSON.stringify(shape)}`);
    }
  });
  it('a slot with an entry lacking the literals does not count', () => {
    assert.equal(allHold(['check back', 'my northwind'], ['back', 'northwind']), true);
    assert.equal(allHold(['check back', 'check'], ['back']), false);
  });
});
