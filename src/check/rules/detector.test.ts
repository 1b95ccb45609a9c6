/**
 * The detector, rule by rule: what each rule reads as a commitment (and with which trigger,
 * performer and needs), and what it sets aside. Phrasings here are deliberately different from
 * the labelled case files.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Capability, Performer, TriggerType } from '../../core/types.ts';
import { detectCommitments } from './detector.ts';
import { MAX_REPLY_CHARS, MAX_SENTENCE_CHARS, ownVoice } from './text-regions.ts';

function detect(reply: string, options: { user?: string; persona?: string; category?: 'reminder' | 'memory' | 'callback' } = {}) {
  return detectCommitments({ reply, userText: options.user ?? '', persona: options.persona, category: options.category, succeededFamilies: new Set() }).commitments;
}

interface Expected {
  trigger: TriggerType;
  performer?: Performer;
  needs?: Capability[];
  offer?: boolean;
}

const PROMISES: [string, Expected, { persona?: string; user?: string }?][] = [
  // the assistant's own voice, every trigger
  ["No problem, I'll nudge you at 7:30 tomorrow.", { trigger: 'time', needs: ['notify_user_later'] }],
  ["I will send you the packing list on Friday morning.", { trigger: 'time', needs: ['run_later', 'notify_user_later'] }],
  ["I'm going to ping you when the parcel is out for delivery.", { trigger: 'external_event', needs: ['watch_event', 'notify_user_later'] }],
  ["I'll keep tabs on the exchange rate and tell you if it drops below 1.15.", { trigger: 'external_event', needs: ['watch_event', 'notify_user_later'] }],
  ["I'll circle back with the numbers.", { trigger: 'unspecified_future' }],
  ["I'll be sure to check in with you in a couple of days.", { trigger: 'time' }],
  ["When you come back, I'll remember where we left off.", { trigger: 'next_session', needs: ['recall_across_sessions'] }],
  ["I'll keep your shoe size in mind for future chats.", { trigger: 'next_session', needs: ['recall_across_sessions'] }],
  ["Noted — I won't forget that you're vegan.", { trigger: 'next_session', needs: ['recall_across_sessions'] }],
  // channels the assistant itself would use
  ["I'll text you the code in five minutes.", { trigger: 'time', needs: ['send_sms', 'run_later'] }],
  ["I'll give you a ring tomorrow evening.", { trigger: 'time', needs: ['phone_call', 'run_later'] }],
  ["I'll email the spreadsheet over tonight.", { trigger: 'time', needs: ['send_email', 'run_later'] }],
  // delegation
  ["I'll flag this with the billing team.", { trigger: 'unspecified_future', needs: ['delegate_to_human'] }],
  ["I'll get an engineer to call you this afternoon.", { trigger: 'time', performer: 'third_party', needs: ['delegate_to_human'] }],
  ['One of our advisers will phone you before Friday.', { trigger: 'time', performer: 'third_party', needs: ['delegate_to_human'] }],
  ["Our metering crew will be in touch within 48 hours.", { trigger: 'time', performer: 'third_party' }],
  ["We'll reach out once the refund clears.", { trigger: 'external_event', performer: 'third_party' }, { persona: 'support' }],
  ['Your complaint will be reviewed by a supervisor.', { trigger: 'unspecified_future', performer: 'third_party' }],
  // passive promises
  ["You'll receive a reminder at 8am on the day.", { trigger: 'time', needs: ['notify_user_later'] }],
  ['You will be notified as soon as the slot opens up.', { trigger: 'external_event' }],
  ["A summary will be sent to you tomorrow.", { trigger: 'time' }],
  ["You'll hear from me on Monday.", { trigger: 'time', performer: 'self' }],
  ['Expect a text from us by 5pm.', { trigger: 'time', performer: 'third_party' }],
  ['💪 Expect my message Monday around 8am with the recap.', { trigger: 'time', performer: 'self' }],
  ['You can count on a reminder on Sunday at 10am.', { trigger: 'time', needs: ['notify_user_later'] }],
  ["It'll be on file for next time.", { trigger: 'next_session', needs: ['recall_across_sessions'] }],
  ['The garage will give you a call this afternoon.', { trigger: 'time', performer: 'third_party' }],
  ["I'll reach out to your surgery and ask them to call you back.", { trigger: 'unspecified_future', needs: ['delegate_to_human'] }],
  ["I'll get in touch with Mr Hughes for you.", { trigger: 'unspecified_future', needs: ['delegate_to_human'] }],
  ["I'll loop in the billing team.", { trigger: 'unspecified_future', needs: ['delegate_to_human'] }],
  ['The receptionist will call you later today.', { trigger: 'time', performer: 'third_party' }],
  ["I'll send over your PDF bill on 1 November.", { trigger: 'time', needs: ['send_file', 'run_later'] }],
  ['Expect a comparison from me as soon as the new cap is published.', { trigger: 'external_event' }],
  ["Your annual statement will be sent to you as soon as it's generated.", { trigger: 'external_event' }],
  // present tense and notes to self, with nothing behind them
  ["I'm setting that reminder for 6pm now.", { trigger: 'time' }],
  ["I've made a note to send you the recipe on Sunday.", { trigger: 'time' }],
  // the user's next message
  ['Send me the receipt and I\'ll check the dates.', { trigger: 'user_next_message', needs: [] }],
  ["Once you've pasted the log, I'll go through it line by line.", { trigger: 'user_next_message', needs: [] }],
  ["I'll use metric units for the rest of this chat.", { trigger: 'user_next_message', needs: [] }],
  ["I'll use Celsius from now on.", { trigger: 'user_next_message', needs: [] }],
  ["Once you confirm the address, I'll arrange for an engineer to call.", { trigger: 'user_next_message', needs: [] }],
  ["Once you confirm, I'll remind you the day before.", { trigger: 'time' }],
  // offers
  ['Would you like me to draft a reply to your landlord?', { trigger: 'user_next_message', offer: true, needs: [] }],
  ['Shall I put together a shopping list?', { trigger: 'user_next_message', offer: true }],
  ['If you like, I can email you a copy.', { trigger: 'user_next_message', offer: true, needs: ['send_email', 'run_later'] }],
  ["Let me know if you'd like me to compare the two tariffs.", { trigger: 'user_next_message', offer: true }],
];

describe('reads as a commitment', () => {
  for (const [reply, expected, options] of PROMISES) {
    test(reply, () => {
      const found = detect(reply, options);
      assert.equal(found.length, 1, `one commitment, got ${JSON.stringify(found.map((c) => c.span))}`);
      const [c] = found;
      assert.equal(c!.trigger_type, expected.trigger);
      assert.equal(c!.performer, expected.performer ?? (c!.performer === 'third_party' ? 'third_party' : 'self'));
      if (expected.needs) assert.deepEqual(c!.required_capabilities, expected.needs);
      assert.equal(c!.is_offer, expected.offer ?? false);
      assert.ok(reply.includes(c!.span), 'the span is copied exactly from the reply');
    });
  }
});

const NOT_PROMISES: [string, string][] = [
  ["Let me look that up. Your balance is £84.20.", 'in-turn narration'],
  ["I'll break this down into three steps:", 'plan narration ending in a colon'],
  ["Here's what I'll cover: deposits, notice periods and repairs.", 'plan narration'],
  ['I can set reminders for you in the app.', 'capability statement'],
  ["I won't be able to message you later, unfortunately.", 'limitation'],
  ["I can't keep track of this between chats.", 'limitation'],
  ['You could set an alarm on your phone for 6.', 'suggestion'],
  ["If you turn on alerts, the app will tell you when it's back.", 'another system'],
  ['Your phone will remind you if you add it to the calendar.', 'another system'],
  ['Our engineers usually text 30 minutes before they arrive.', 'habitual description'],
  ["If you call the helpline, they'll book you a visit.", 'after the user acts elsewhere'],
  ["Feel free to reach out anytime — I'll be here!", 'availability'],
  ["I'll be honest: the fixed tariff is cheaper.", 'a state, not an act'],
  ['```\n// TODO: I will refactor this tomorrow\n```', 'code block'],
  ['> I will follow up next week.\n\nThat line keeps it polite.', 'quoted draft'],
  ['"I\'ll call you back tomorrow" is a phrase agents overuse.', 'quotation'],
  ['If I could set reminders, I would remind you at 9.', 'hypothetical'],
  ['What time should I remind you?', 'a question, not an offer'],
  ["Reminder set for 9am.", 'a completion report (a claim, judged elsewhere)'],
];

describe('is not a commitment', () => {
  for (const [reply, why] of NOT_PROMISES) {
    test(`${why}: ${JSON.stringify(reply)}`, () => {
      assert.deepEqual(detect(reply).filter((c) => !c.is_offer), []);
    });
  }

  test('a story the user asked for: its characters\' promises are not the assistant\'s', () => {
    const reply = 'Here you go!\n\nThe fox looked at the crow. "I will bring you cheese tomorrow," she promised.\n\nThe crow waited all day.\n\nHope you enjoy it!';
    assert.deepEqual(detect(reply, { user: 'Write me a short story about a fox.' }), []);
  });

  test('an email drafted for the user carries no commitment of the assistant\'s own', () => {
    const reply = 'Here is an email you can send:\n\nHi Tom,\n\nI will send the contract on Monday.\n\nBest,\nAlex';
    assert.deepEqual(detect(reply), []);
  });
});

describe('acceptances', () => {
  test('"Consider it done!" promises the request when nothing else says what', () => {
    const [c] = detect('Consider it done! 👍', { category: 'reminder', user: 'Remind me to call mum tomorrow.' });
    assert.equal(c?.trigger_type, 'time');
    assert.deepEqual(c?.required_capabilities, ['notify_user_later']);
  });

  test('"I\'ll make it happen" accepts the request in the same way', () => {
    const [c] = detect("Friday tomato reminder? I'll make it happen 🍅", { category: 'reminder', user: 'Remind me on Friday to water the tomatoes.' });
    assert.equal(c?.trigger_type, 'time');
  });

  test('every way of accepting promises the request, from the words that accept it', () => {
    const replies = [
      'Consider it sorted', 'I will make it happen', 'Leave that with me', "I've got you covered", 'You have my word', 'Leave it with me',
      "I'm on it", 'I am on it', 'Count on me', 'You can count on me', 'You got it',
    ];
    for (const reply of replies) {
      const [c] = detect(`${reply}!`, { category: 'reminder', user: 'Remind me to water the plants on Sunday.' });
      assert.equal(c?.span, reply, reply);
      assert.equal(c?.trigger_type, 'time', reply);
    }
  });

  test('"Consider it done!" adds nothing when the reply states the promise itself', () => {
    const found = detect("Consider it done! I'll remind you at noon.", { category: 'reminder' });
    assert.deepEqual(found.map((c) => c.span), ["I'll remind you at noon"]);
  });
});

describe('untrusted size', () => {
  test('only the first MAX_REPLY_CHARS of a reply are read', () => {
    const padding = 'Here is some text. '.repeat(Math.ceil(MAX_REPLY_CHARS / 19));
    assert.deepEqual(detect(`${padding}I'll remind you tomorrow.`), []);
    assert.equal(detect(`I'll remind you tomorrow. ${padding}`).length, 1);
  });

  test('a run without punctuation is cut into sentences of at most MAX_SENTENCE_CHARS', () => {
    const { sentences } = ownVoice('and then we will see '.repeat(2_000));
    assert.ok(sentences.length > 1);
    assert.ok(sentences.every((s) => s.text.length <= MAX_SENTENCE_CHARS));
  });
});

describe('promises that wait for the answer the reply asks for', () => {
  const triggerOf = (reply: string, options: { persona?: string; operatorSystems?: boolean } = {}) =>
    detectCommitments({ reply, userText: '', persona: options.persona, succeededFamilies: new Set(), operatorSystems: options.operatorSystems ?? false }).commitments.map((c) => c.trigger_type);

  test('a promise tied to handling the details asked for waits, even to "let you know"', () => {
    const ask = 'Could you please provide the email address on your account?';
    assert.deepEqual(triggerOf(`${ask} Once I've verified you, I'll pull up the order and let you know what we can do.`), ['user_next_message']);
    assert.deepEqual(triggerOf(`${ask} With this information, I'll let you know the delivery date.`), ['user_next_message']);
  });
  test('…but not one with its own event, nor one in a reply that asks for nothing', () => {
    assert.deepEqual(triggerOf("Could you confirm the postcode? As soon as I have it, I'll let you know the minute your supply is restored."), ['external_event']);
    assert.deepEqual(triggerOf("Once I've verified you, I'll let you know what we can do."), ['unspecified_future']);
  });
  test("an agent whose tools do the work: the company's plan before \"reply yes to confirm\" waits for the yes", () => {
    const reply = 'Here’s a summary of what we’ll do:\n\n1) Order #W3295833: change the luggage set to the red one\n\nPlease review and reply “yes” to confirm these changes.';
    assert.deepEqual(triggerOf(reply, { persona: 'support', operatorSystems: true }), ['user_next_message']);
    assert.deepEqual(triggerOf(reply, { persona: 'support', operatorSystems: false }), ['unspecified_future']);
  });
});
