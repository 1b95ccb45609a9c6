import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideTrigger, TRIGGER_PRECEDENCE } from './triggers.ts';

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
