import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideTrigger, firstMatch, STRONG_TIME_CUES, TIME_CUES, TRIGGER_PRECEDENCE } from './triggers.ts';

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

describe('firstMatch: the strong time cues are found from the time cues, and repeated texts from memory', () => {
  // An independent search: the strong cues compiled on their own, as they were before being derived.
  const strongAlone = new RegExp(STRONG_TIME_CUES.cues.map((cue, i) => `(?<c${i}>${cue.pattern.source})`).join('|'), 'i');
  const alone = (text: string) => {
    const match = strongAlone.exec(text);
    if (!match) return null;
    const index = STRONG_TIME_CUES.cues.findIndex((_, i) => match.groups?.[`c${i}`] !== undefined);
    return { id: STRONG_TIME_CUES.cues[index]!.id, text: match[0].trim() };
  };
  const texts = [
    'later today, or tomorrow at 9am',
    'today I will call you on Friday',
    'I will check back later today',
    'remind you tomorrow morning',
    'no time at all',
    'this evening, then next week',
    'by 5pm today and again on the 3rd of May',
  ];
  // Seeded word salad over time words, so positions and overlaps vary.
  const words = ['today', 'later', 'tomorrow', 'at', '9', 'pm', 'on', 'Friday', 'next', 'week', 'the', 'call', 'you', 'in', 'two', 'hours', 'tonight', 'this', 'evening'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 400; i++) texts.push(Array.from({ length: 2 + Math.floor(next() * 8) }, () => words[Math.floor(next() * words.length)]).join(' '));

  it('gives what the strong cues alone give, on every text', () => {
    for (const text of texts) assert.deepEqual(firstMatch(STRONG_TIME_CUES, text) && { ...firstMatch(STRONG_TIME_CUES, text)! }, alone(text), text);
  });
  it('answers a text asked again with the same finding', () => {
    const first = firstMatch(TIME_CUES, 'call you tomorrow at 9');
    assert.equal(firstMatch(TIME_CUES, 'call you tomorrow at 9'), first);
    assert.deepEqual(first, { id: 'tomorrow', text: 'tomorrow at 9' });
    assert.equal(firstMatch(TIME_CUES, 'no time here'), null);
  });
});
