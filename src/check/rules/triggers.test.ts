import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as L from './trigger-lexicon.ts';
import { decideTrigger, EVENT_CUES, SAME_CONVERSATION_CUES, SESSION_CUES, STRONG_TIME_CUES, TIME_CUES, TRIGGER_PRECEDENCE, UNSPECIFIED_CUES } from './triggers.ts';

/** One case per precedence row: [row, predicate, lead, trigger it yields]. */
const CASES: [string, string, string, string][] = [
  ['this conversation', 'use Celsius from now on', '', 'user_next_message'],
  ['later session', 'remember it next time we chat', '', 'next_session'],
  ['own time', 'remind you tomorrow at 9', '', 'time'],
  ['own event', 'let you know when the price drops', '', 'external_event'],
  ["user's next message", 'review it', 'Once you send the file,', 'user_next_message'],
  ['time before', 'send you the list', 'On Friday morning', 'time'],
  ['event before', 'let you know', 'When the parcel arrives,', 'external_event'],
  ['unspecified', 'get back to you soon', '', 'unspecified_future'],
];

describe('trigger precedence: the first row that decides wins', () => {
  it('the table has one case here per row, in order', () => assert.deepEqual(CASES.map((c) => c[0]), TRIGGER_PRECEDENCE.map((row) => row.id)));
  for (const [row, predicate, lead, trigger] of CASES) {
    it(`${row}: "${lead} … ${predicate}" → ${trigger}`, () => assert.equal(decideTrigger(predicate, lead).trigger, trigger));
  }
  it('explicit words for a later session beat "from now on"', () => assert.equal(decideTrigger('remember this from now on, next time too', '').trigger, 'next_session'));
  it("an event that is the user's reply waits for the reply", () => assert.equal(decideTrigger('update it once you send me the details', '').trigger, 'user_next_message'));
});

describe('each cue set gates on literals every one of its matches holds', () => {
  const sets = { TIME_CUES, STRONG_TIME_CUES, UNSPECIFIED_CUES, SESSION_CUES, SAME_CONVERSATION_CUES, EVENT_CUES };
  // Words from every cue's own lists and shapes, and words around them.
  const words = [
    ...['tomorrow', 'tmrw', 'tonight', 'at', 'by', 'around', 'before', 'from', '9', '10:30', '7pm', 'noon', 'in', 'within', 'after', 'over', 'the', 'next'],
    ...['two', 'a', 'few', 'couple', 'of', 'minutes', 'hours', 'days', 'working', 'business', 'week', 'weekend', 'month', 'quarter', 'this', 'that', 'each', 'every'],
    ...['morning', 'evening', 'night', 'first', 'thing', 'day', 'on', '3rd', 'May', 'june', 'end', 'close', 'daily', 'ahead', 'prior', 'to', 'due', "it's", 'later', 'today'],
    ...['soon', 'shortly', 'while', 'point', 'course', 'asap', 'possible', 'time', 'future', 'chats', 'whenever', 'you', 'come', 'back', 'file', 'card', 'visit', 'rest'],
    ...['chat', 'conversation', 'now', 'here', 'out', 'going', 'forward', 'when', 'moment', 'minute', 'once', 'if', 'case', 'should', 'any', 'until', 'till', 'it', 'your', 'price'],
    ...['Monday', 'fri', 'I', 'will', 'remind', 'call', 'send', 'x', 'y', '.', ','],
  ];
  let seed = 23;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const texts = Array.from({ length: 20000 }, () => Array.from({ length: 1 + Math.floor(next() * 7) }, () => words[Math.floor(next() * words.length)]).join(' '));
  // Every phrase of the lists, between other words and with an event's subject after it.
  for (const phrase of [...L.NEXT_SESSION, ...L.THIS_CONVERSATION, ...L.UNSPECIFIED_LATER, ...L.EVENT_OPENERS, ...L.LATER_VISIT]) {
    texts.push(`I will ${phrase} the price drops`, `${phrase.toUpperCase()}, ok`, `remind you ${phrase}`);
  }
  for (const [name, set] of Object.entries(sets)) {
    it(`${name}: a text the pattern matches holds one of the gate's literals`, () => {
      let matched = 0;
      for (const text of texts) {
        if (!set.combined.test(text)) continue;
        matched++;
        assert.ok(set.gate.has(text), `${name} matches ${JSON.stringify(text)} but its gate is closed`);
      }
      assert.ok(matched > 20, `${name}: only ${matched} texts matched, the test says little`);
    });
  }
});
