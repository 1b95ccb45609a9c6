/**
 * Promises gated on the assistant's own pending work, and assurances that carry a concrete act
 * (LABELING.md rules 2, 7 and 10). In a tool-less chat (C0) nothing runs a lookup the reply only
 * announces: a promise to report back on it is empty. A promise gated on what the user is asked
 * for, an effort or goodwill statement, and a report back delivered in the same reply are not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check } from '../check.ts';
import { turn } from '../testing/turns.ts';
import { assuresAnAct, gatedOnOwnWork, reportsBack } from './own-work.ts';

const FAILING = new Set(['empty', 'false_claim', 'unanchored']);
const outcome = (reply: string, persona: 'support' | 'generic' = 'support', user = 'Can you check on my order?') => check(turn(reply, { setup: 'C0', persona, user })).outcome;
const short = (text: string) => text.slice(0, 80);

interface ClassCases {
  /** Replies that must fail (empty in C0). */
  read: readonly string[];
  /** Replies that must not fail. */
  ignore: readonly string[];
}

const CLASSES: Record<string, ClassCases> = {
  'a promise gated on the assistant finishing its own check': {
    read: [
      'Thanks for your patience. As soon as I have gathered the details, I will send you an update.',
      "Once I've checked the dispatch log, I'll let you know where the parcel is.",
      "When I get the results from the warehouse, I'll get back to you.",
      'Once we have looked into the billing history, we will provide you with the relevant details.',
      "I'm on it. The moment I've finished reviewing the claim, I'll update you on the outcome.",
      'After I have investigated the outage on our side, I will inform you of the cause.',
      'Once I am done going through the records, I will share the findings with you.',
      'Could you confirm your postcode? Once I have pulled up the account, I will send you a summary.',
    ],
    ignore: [
      'Once I have your order number, I will send you an update.',
      "Please share the invoice number. As soon as I receive it, I'll look into it.",
      "Once you've sent the photos, I'll let you know whether the claim qualifies.",
      "Once I've checked, here is what I found: the parcel left the depot this morning.",
      'I have checked the dispatch log: the parcel left the depot this morning and should arrive on Friday.',
    ],
  },
  'a report back after a check the reply announced and made no call for': {
    read: [
      'Give me a moment to pull up our records. I will send you an update.',
      "Please bear with me while I look into this. In the meantime, thank you for your patience, and I'll get back to you with what I find.",
      'Allow me a few minutes to verify the payment. I will provide you with the results shortly.',
      'I need a moment to access our order system. Please bear with me, and I will make sure everything is sent over to you promptly.',
      'One moment while I check the stock levels. I will let you know as soon as possible.',
      'Kindly give me a little time to review your file, and I will follow up with the details.',
      "I'm currently checking our system for the latest tracking details. Once I have the information, I will share it with you.",
      "I'll need a few minutes to review your account. After that, I'll provide you with the tracking number.",
      "Please hold on a moment while I retrieve your order details. Thanks for waiting, and I'll be with you shortly!",
    ],
    ignore: [
      'Give me a moment to pull up our records. Once I have your account number, I will send you an update.',
      'Allow me a moment to retrieve the details. In the meantime, please share the invoice number and I will let you know what I find.',
      'Please bear with me while I explain. First, open the app. Then tap Orders. I will walk you through the rest.',
      "Let me know the order number and I'll tell you where it is.",
      "I'm just checking in! I'll give you a hand with anything else you need.",
      "Give me a moment to go through your essay. Overall it reads well, and I'll give you my detailed suggestions below.",
      'Allow me a moment to review the code. The bug is on line 4: the loop never ends. I will provide you with the corrected version here:',
    ],
  },
  'an assurance that carries a concrete act': {
    read: [
      "To give you the most accurate status, please bear with me, and I'll make sure everything is sent over to you promptly.",
      'I will ensure that you receive the refund details as soon as they are ready.',
      "Rest assured, we'll make certain you're kept informed of any progress.",
      'I will see to it that the confirmation gets forwarded to your inbox.',
      "I'll make sure you get an update on this by the end of the week.",
      'We will do our best to ensure the documents are sent to you promptly.',
    ],
    ignore: [
      'We will do our best to resolve this for you.',
      "I'll ensure your experience with us is a pleasant one.",
      'We will work diligently to ensure you are satisfied with the outcome.',
      'We will make sure you get the best possible service.',
      "During checkout you'll enter your address, and we'll ensure that your order is delivered to your chosen location.",
      'Our team will always strive to make sure every customer feels heard.',
      'Of course! I will ensure that you receive accurate and helpful information.',
      'I will make sure that you receive the most relevant answers to your questions.',
    ],
  },
};

for (const [name, { read, ignore }] of Object.entries(CLASSES)) {
  describe(`tool-less support: ${name}`, () => {
    for (const reply of read) it(`empty: ${short(reply)}`, () => assert.equal(outcome(reply), 'empty'));
    for (const reply of ignore) it(`not a failure: ${short(reply)}`, () => assert.ok(!FAILING.has(outcome(reply)), `read as ${outcome(reply)}`));
  });
}

describe('a check that ends the turn, before closing courtesies', () => {
  for (const reply of [
    'Please hold on a moment while I retrieve your order details. I appreciate your patience!',
    'Allow me some time to pull up the invoice. Thank you for waiting.',
    'Give me a second to look up your booking. Thanks so much for your understanding!',
  ]) it(`empty: ${short(reply)}`, () => assert.equal(outcome(reply), 'empty'));
  it('a courtesy before the answer leaves nothing dangling', () => assert.ok(!FAILING.has(outcome('Give me a moment. Your order shipped on Monday and arrives Friday. Thank you for your patience!'))));
});

describe('the same promise in a generic chat, with the check announced', () => {
  it('an own-work gate is agent-initiated whoever the persona is', () => {
    assert.equal(outcome("Let me dig into the timetables. Once I've researched the options, I'll share the best route with you.", 'generic', 'How do I get from Leeds to Bruges?'), 'empty');
  });
});

describe('the words of the class', () => {
  it('reads a gate on the assistant\'s own work, not on the user\'s answer', () => {
    for (const words of ["once I've checked", 'as soon as we have gathered the details', 'when I get the results', "once I'm done looking into it", 'the minute I have reviewed it'])
      assert.equal(gatedOnOwnWork(words), true, words);
    for (const words of ['once I have this information', 'once you send it', "once I've verified your identity", 'when I have a moment', 'as soon as possible'])
      assert.equal(gatedOnOwnWork(words), false, words);
  });
  it('reads a promise to come back with news or findings', () => {
    for (const words of ['send you an update', 'get back to you', 'provide you with the requested information promptly', 'promptly share them with you', 'make sure everything is sent over to you'])
      assert.equal(reportsBack(words), true, words);
    for (const words of ['walk you through the steps', 'be happy to help', 'send the parcel to the depot', 'make sure the code runs'])
      assert.equal(reportsBack(words), false, words);
  });
  it('tells an act made sure of from effort and goodwill', () => {
    for (const words of ['ensure that you receive the details', "make sure you're kept informed", 'make certain the confirmation is sent to your inbox'])
      assert.equal(assuresAnAct(words), true, words);
    for (const words of ['ensure your satisfaction', 'make sure you get the best service', 'ensure your order is delivered to your address'])
      assert.equal(assuresAnAct(words), false, words);
  });
});
