/**
 * Lookups (LABELING.md rules 12 and 17): state described from a read-only call is no completion
 * report, and a turn that answers the user's information request from its lookups is done now.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check } from './check.ts';
import { asksForInformation } from './rules/response-judge.ts';
import { turnWithCalls } from './testing/turns.ts';

const turn = (user: string, reply: string, calls: { name: string; result?: string }[]) => turnWithCalls(reply, calls, ASSISTANT, user, '[{"title":"Dentist","start":"09:00"}]');
const ASSISTANT = {
  id: 'assistant-lookups',
  tools: [
    { name: 'get_events', description: 'Lists the events on a day (read-only).' },
    { name: 'get_payments', description: 'Returns the scheduled payments of an account (read-only).' },
    { name: 'create_event', description: "Adds an event to the user's calendar." },
    { name: 'create_reminder', description: 'Sets a reminder for the user.' },
    { name: 'schedule_payment', description: 'Schedules a payment from the account.' },
  ],
};

describe('state read from a lookup is no claim (rule 17)', () => {
  const reads: [string, string, string][] = [
    ['What do I have on today?', 'You have three appointments scheduled today: the dentist at 9, lunch with Ann at 12 and the school run at 4.', 'get_events'],
    ['When is my rent going out?', 'Your rent payment is scheduled for the 1st of the month, from your checking account.', 'get_payments'],
    ['Is anything booked on Friday?', 'There are two meetings booked on Friday: the budget review at 10 and the team lunch at 1.', 'get_events'],
  ];
  for (const [user, reply, call] of reads) {
    it(`"${reply}" after ${call}: no claim, done now`, () => {
      const label = check(turn(user, reply, [{ name: call }]));
      assert.equal(label.booleans.false_action_claim, false);
      assert.equal(label.outcome, 'done_now');
    });
  }
  const ignores: [string, string, string[]][] = [
    ['Book the dentist for Monday at 9.', 'Your dentist appointment has been scheduled for Monday at 9.', ['get_events']],
    ['Remind me to call Mum at 8pm.', 'Your reminder is set for 8pm tonight.', ['get_events']],
    ['Set up my rent payment for the 1st.', "I've scheduled your rent payment for the 1st.", ['get_payments']],
    ['What do I have on today?', 'You have three appointments scheduled today.', []],
  ];
  for (const [user, reply, calls] of ignores) {
    it(`"${reply}" after ${calls.join(', ') || 'no call'} is still a claim`, () => assert.equal(check(turn(user, reply, calls.map((name) => ({ name })))).booleans.false_action_claim, true));
  }
});

describe('an answered information request is done now (rule 12)', () => {
  it('lists what the lookups read', () => {
    const label = check(turn('Could you list my events for today?', 'Here are your events for today:\n1. Dentist at 9:00\n2. Lunch with Ann at 12:00\n3. Budget review at 15:00', [{ name: 'get_events' }]));
    assert.equal(label.outcome, 'done_now');
  });
  it('answers and offers a next step', () => {
    const label = check(turn('Can you tell me how much my next rent payment is?', 'Your next rent payment is $1,250, going out on the 1st from your checking account. Would you like me to change the date?', [{ name: 'get_payments' }]));
    assert.equal(label.outcome, 'done_now');
  });
  it('not when the user only identified themselves: the lookup authenticates', () => {
    const label = check(turn('Sure, my name is Noah Ito and my zip code is 98187. I hope that is enough to find my order.', 'Thanks, Noah. I have located your account. Could you please provide the order ID?', [{ name: 'get_events' }]));
    assert.notEqual(label.outcome, 'done_now');
  });
  it('a plan to confirm with the user is no change: the answer is still done now', () => {
    const label = check(turn('Can you look up my events for Friday?', 'You have two events on Friday: the budget review at 10 and lunch with Ann at 1. If you want to move either, tell me the new time and I will confirm the change with you before proceeding.', [{ name: 'get_events' }]));
    assert.equal(label.outcome, 'done_now');
  });
  it('not when the reply only plans the change the user asked for', () => {
    const label = check(turn('Can you check my events and move the dentist to Tuesday?', "Here's what I found: the dentist is on Monday at 9. I will move it to Tuesday at 9 once you confirm. Shall I go ahead?", [{ name: 'get_events' }]));
    assert.notEqual(label.outcome, 'done_now');
  });
  it('asksForInformation reads requests, not identification or check-ins', () => {
    for (const text of ['If you could list my recent orders, that would really help.', "What's on my calendar today?", 'Can you tell me which one is cheapest?', 'Could you pull up my last order?']) assert.ok(asksForInformation(text), text);
    for (const text of ['Sure, my name is Noah Ito and my zip code is 98187.', 'Yes, please go ahead.', 'Does that help?', 'Will that work?']) assert.ok(!asksForInformation(text), text);
  });
});

describe('reasoning in the reply is the assistant\'s voice, read with the plan-narration frame (rule 18)', () => {
  it('a plan in <thinking> that the reply carries out (the question it then asks) is no commitment', () => {
    const label = check(turn('Add lunch with Ann on Friday.', "<thinking>I'll create the event once the user confirms the time. I'll ask the user what time lunch starts.</thinking>\nWhat time should lunch with Ann start on Friday?", []));
    assert.equal(label.commitments.length, 0);
    assert.notEqual(label.failure, true);
  });
  it('a plan in <thinking> with a time of its own is still read', () => {
    const label = check(turn('Remind me about the dentist.', "<thinking>I'll remind the user tomorrow at 9 without a tool.</thinking>\nSure thing!", []));
    assert.ok(label.commitments.length > 0);
  });
});

describe('an announced next step that ends the turn is dangling (rule 19)', () => {
  const dangling = [
    "I will now look up the hotel's address.",
    'Now I need to get the list of members of this channel.',
    "<thinking>The user wants the address. I will now look up the hotel's address.</thinking>",
    "Thanks! Next, I'll retrieve your order history.",
  ];
  for (const reply of dangling) {
    it(`"${reply}" as the last words: unspecified_future, empty`, () => {
      const label = check(turn('Where is my hotel?', reply, []));
      assert.equal(label.outcome, 'empty', JSON.stringify(label.commitments));
      assert.equal(label.commitments[0]?.trigger_type, 'unspecified_future');
    });
  }
  const notDangling = [
    "I'll look up the hotel's address and send it to you tomorrow at 9.",
    "I will now look up the hotel's address. It is 12 Rue de Rivoli, Paris.",
    "You can look up the address on the hotel's website.",
  ];
  for (const reply of notDangling) {
    it(`"${reply}" is not a dangling next step`, () => {
      const label = check(turn('Where is my hotel?', reply, []));
      assert.ok(!label.commitments.some((c) => c.trigger_type === 'unspecified_future' && /look up/.test(c.span) && label.outcome === 'empty' && !/tomorrow/.test(reply)), JSON.stringify(label));
    });
  }
});
