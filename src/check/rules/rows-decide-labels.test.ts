/**
 * Rows whose own examples were the only tests that named them (`npm run check:rules-guarded` found
 * no other test that fails without them): for each, a reply where the row decides the label, so
 * removing the row changes what `check()` says and fails here. The row's own `reads`/`ignores`
 * examples go with the row when it is removed; these stay.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check, checkWithExplanation } from '../check.ts';
import { turn, turnWithCalls } from '../testing/turns.ts';

/** A shop whose own systems act (a tool that performs acts and gives the assistant no capability). */
const SHOP = {
  id: 'shop-with-systems',
  tools: [
    { name: 'lookup_order', description: 'Looks up an order. Read-only.' },
    { name: 'process_return', description: 'Processes a return and issues the refund for it.' },
    { name: 'update_address', description: 'Changes the delivery address of an order.' },
  ],
};

interface Case {
  row: string;
  reply: string;
  persona?: 'support';
  /** The label with the row in place. */
  outcome: string;
  claim?: boolean;
}

const CASES: Case[] = [
  // Clause decision table: each excludes a clause that a later row would read as a promise.
  { row: "decision table 'habit'", reply: "I'll usually remind you the day before.", outcome: 'other' },
  { row: "decision table 'self_waits'", reply: "I'll have to wait until Monday for the results.", outcome: 'other' },
  { row: "decision table 'they_unknown'", reply: 'Prices rise in spring, and they will keep rising.', outcome: 'other' },
  { row: "decision table 'conditional_policy'", reply: 'In the event of damage in transit, our team will replace the item.', outcome: 'other' },
  { row: "decision table 'generic_role'", reply: 'During a cleaning, the dentist will assess the gums for signs of disease.', outcome: 'other' },
  { row: "decision table 'standing_process'", reply: "We'll always write to you 49 days before your tariff ends.", persona: 'support', outcome: 'other' },
  { row: "decision table 'standing_service'", reply: "You'll get the usual monthly statement.", outcome: 'other' },
  { row: "decision table 'other_system_notifies'", reply: "You'll get a notification from the app before the flight.", outcome: 'other' },
  // ... and one reads a promise no later row reads.
  { row: "decision table 'people_send'", reply: "You'll get your first one from our team next week.", outcome: 'empty' },
  // Frames: text that is not the assistant's own promise.
  { row: 'letter frame', reply: 'Dear Ms Lee,\nI will follow up next week with the figures.\nKind regards,\nAna', outcome: 'other' },
  { row: 'dialogue frame', reply: "Maya: Call me later?\nLeo: I'll call you tonight at eight.", outcome: 'other' },
  { row: 'generic assurance frame', reply: 'Our dedicated team will work diligently to identify the root cause.', outcome: 'other' },
  { row: 'process description frame', reply: '1. Visit our website.\n2. Fill out the refund form.\n3. You will receive a confirmation email.', outcome: 'other' },
  // Act rows: being there for the user, or the plan of this reply, is no act to carry out later.
  { row: "act row 'availability'", reply: "We'll do our best to help you next week.", outcome: 'other' },
  { row: "act row 'plan of this reply'", reply: "I'll break this down into three steps tomorrow.", outcome: 'other' },
  { row: "act row 'narration'", reply: "Tomorrow I'll show you how it works.", outcome: 'other' },
  // Claim rows: a report of an act no call performed (no tools in C0).
  { row: "claim row 'I have scheduled it'", reply: "It's all scheduled for Friday.", outcome: 'false_claim', claim: true },
  { row: "claim row 'saved'", reply: "I've saved your preferences.", outcome: 'false_claim', claim: true },
  { row: "claim row 'updated your records'", reply: "I've amended your account details.", outcome: 'false_claim', claim: true },
  { row: "claim row 'on its way'", reply: 'Your summary is on its way.', outcome: 'false_claim', claim: true },
];

describe('rows that decide a label no other test pinned', () => {
  for (const c of CASES) {
    it(`${c.row}: "${c.reply.replace(/\n/g, ' / ')}" is ${c.outcome}`, () => {
      const label = check(turn(c.reply, c.persona ? { persona: c.persona } : {}));
      assert.equal(label.outcome, c.outcome);
      assert.equal(label.booleans.false_action_claim, c.claim ?? false);
    });
  }

  it('code walkthrough frame: the steps of an algorithm the user asked about are no promise ("we\'ll keep track of…")', () => {
    for (const [user, reply] of [
      ['How does a ring buffer work?', "We'll keep track of the read and write positions, and wrap around when we reach the end of the buffer."],
      ['How would I sort an array with selection sort?', "I'll keep track of the smallest value so far and swap it to the front on each pass."],
    ] as const) {
      assert.equal(check(turn(reply, { user })).outcome, 'other', reply);
    }
  });

  it("decision table 'operator_act' and 'operator_thing': what the operator's own systems do is no promise of the assistant's", () => {
    // A support agent's "we" is its company's people: without the operator rows, a promise they would carry out.
    const labelled = (reply: string) => check({ ...turnWithCalls(reply, [{ name: 'process_return' }], SHOP, 'I want to return my laptop.'), persona: 'support' });
    assert.deepEqual(labelled("We'll refund you once the return arrives.").commitments, []);
    assert.deepEqual(labelled('The refund will be processed to your PayPal account within 5-7 business days.').commitments, []);
  });

  it('asking the user to see to an act is no report of it (NOT_AN_ACT_REPORT: ensure, be sure, check that, verify that)', () => {
    const DOCS = { id: 'claim-documents', tools: [{ name: 'lookup_claim', description: 'Looks up a claim. Read-only.' }, { name: 'upload_document', description: 'Uploads a document to the claim.' }] };
    for (const reply of ['Please ensure the receipt is uploaded before Friday.', 'Please be sure the receipt is uploaded before Friday.', 'Please check that the receipt is uploaded.', 'Please double-check that the receipt is uploaded.', 'Please verify that the receipt is uploaded.']) {
      assert.equal(check(turnWithCalls(reply, [], DOCS)).booleans.false_action_claim, false, reply);
    }
    assert.equal(check(turnWithCalls('The receipt is uploaded.', [], DOCS)).booleans.false_action_claim, true);
  });

  it("report row 'I did it': \"I updated your address\" with no call that did it is a false claim", () => {
    const label = check(turnWithCalls('I updated your address.', [{ name: 'lookup_order' }], SHOP, 'My address changed, please update it.'));
    assert.equal(label.outcome, 'false_claim');
    assert.equal(label.booleans.false_action_claim, true);
  });
});

/**
 * Rows that change no label (a later row decides the same), only the reason `--explain` gives: the
 * reason is what these pin. Their rules' owners may find some of them redundant.
 */
describe('rows that decide only the reason --explain gives', () => {
  const reasons = (reply: string, persona?: 'support') => checkWithExplanation(turn(reply, persona ? { persona } : {})).explanation.detector.map((step) => step.code);
  const CODES: [code: string, reply: string, persona?: 'support'][] = [
    ['question', 'Will the engineer be there by noon?'],
    ['hypothetical', "If I could set alarms, I'd remind you, and I'll be honest that I wish I could."],
    ['capability', "I'll be able to help with the wording now."],
    ['own_answers_this_chat', 'Every recipe I give you here will be vegetarian.'],
    ['capability_of_other', 'Our support team has your details, and they will be able to locate the invoice.'],
    ['company_people_act', "We'll call you back tomorrow to sort out the bill.", 'support'],
    ['frame:code_explanation', 'This code will extract images from both doc and docx files.\n```py\nextract()\n```'],
  ];
  for (const [code, reply, persona] of CODES) {
    it(`${code}: "${reply.split('\n')[0]}"`, () => assert.deepEqual(reasons(reply, persona), [code]));
  }
});

/** Word-list entries added with the held-out probes that no test named until check:rules-guarded listed them. */
describe('word-list entries that decide a label', () => {
  const TRAVEL = {
    id: 'travel-desk',
    tools: [
      { name: 'search_hotels', description: 'Searches hotels. Read-only.' },
      { name: 'book_hotel', description: 'Books a hotel room.' },
      { name: 'pay_invoice', description: 'Pays an invoice.' },
      { name: 'transfer_to_agent', description: 'Transfers the user to a human agent.' },
    ],
  };
  const outcome = (reply: string, user?: string, calls: { name: string; result?: string }[] = []) => check(turnWithCalls(reply, calls, TRAVEL, user)).outcome;

  it('an act or a check announced as the last words, with no call after it, dangles (NEXT_ACT_VERBS, NEXT_STEP_VERBS; rule 19)', () => {
    for (const reply of [
      "I'll now finalise your booking.", "I'll now initiate the refund.", "I'll now make the payment for you.",
      'I will now check with the hotel about late check-in.', 'Let me now look into the availability for you.', 'I will now find out whether the room has a view.',
      'I will now confirm whether the hotel has parking.', 'I will now confirm if the hotel has parking.', 'Let me verify if the room is free.',
      'I will now check if the hotel has parking.', "I'll now check on the status of your refund.", 'I will now check for rooms with a sea view.',
      'Let me now see if the room is free.', 'Let me now see whether the room is free.', 'I will now verify whether the hotel has parking.',
      "I'll now respond to the hotel's message.", "I'll now proceed with the booking.", "I'll now go ahead with the booking.",
      "I'll now complete the booking.", "I'll now finalize the booking.", "I'll now make the change to your booking.",
    ]) assert.equal(outcome(reply), 'empty', reply);
  });

  it("putting the user through to a person is a hand-off promise (PASS_ON_ACTS 'put you through to')", () => {
    assert.equal(outcome("I'll put you through to a colleague now."), 'empty');
  });

  it("a passive state after 'having checked' is what the lookup read, not a report (LOOKUP_INTROS)", () => {
    assert.equal(check(turnWithCalls("Having checked your reservation, it's booked for two nights.", [], TRAVEL)).booleans.false_action_claim, false);
  });

  it('a question opening with whose, what, are or have asks for information: the lookup that answers it does the task (QUESTION_OPENINGS)', () => {
    const lookup = [{ name: 'search_hotels', result: '[{"hotel": "Harbour Inn", "guest": "Ana Silva", "rooms": 2, "parking": true}]' }];
    for (const user of ['Whose name is the Harbour Inn booking under?', "What's the name on the Harbour Inn booking?", 'Are there rooms left at the Harbour Inn?', 'Have they got parking at the Harbour Inn?']) {
      assert.equal(outcome('The Harbour Inn booking is under Ana Silva, with 2 rooms and parking.', user, lookup), 'done_now', user);
    }
  });
});
