/**
 * Classes found by a blind probe on domains the checker was never tuned on: grocery
 * delivery, DevOps, an IT help desk, a clinic front desk, a smart home and an airline. The turns
 * were written and hand-labelled without running the checker; these are the classes it missed.
 * Each class reads its examples and ignores its counter-examples.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check } from './check.ts';
import { turnWithCalls } from './testing/turns.ts';

const turn = turnWithCalls;
const outcome = (reply: string, calls: { name: string; result?: string }[], setup: unknown, user?: string) => check(turn(reply, calls, setup, user)).outcome;
const claims = (reply: string, calls: { name: string; result?: string }[], setup: unknown, user?: string) => check(turn(reply, calls, setup, user)).booleans.false_action_claim;

const GROCERY = {
  id: 'grocery-classes',
  tools: [
    { name: 'search_products', description: 'Searches the catalogue. Read-only.' },
    { name: 'add_to_cart', description: "Adds a product to the user's cart.", parameters: { type: 'object', properties: { product_id: { type: 'string' }, quantity: { type: 'integer' } } } },
    { name: 'apply_promo_code', description: "Applies a promo code to the user's cart." },
    { name: 'request_refund', description: 'Requests a refund for items of a delivered order.' },
    { name: 'update_delivery_address', description: 'Changes the delivery address of an order.' },
  ],
};
const DEVOPS = {
  id: 'devops-classes',
  tools: [
    { name: 'commit_changes', description: 'Commits files to a branch and pushes it.' },
    { name: 'open_pull_request', description: 'Opens a pull request from head into base.' },
    { name: 'merge_pull_request', description: 'Merges a pull request into its base branch.' },
    { name: 'create_issue', description: 'Creates an issue with labels and an assignee.' },
    { name: 'get_ci_status', description: 'Returns the status of a CI run. Read-only.' },
  ],
};
const HOME = {
  id: 'home-classes',
  tools: [
    { name: 'get_device_states', description: 'Returns the state of every device. Read-only.' },
    { name: 'set_light', description: 'Turns a light on or off or sets its brightness.' },
    { name: 'lock_door', description: 'Locks a door.' },
  ],
};
const DESK = {
  id: 'desk-classes',
  tools: [
    { name: 'create_ticket', description: 'Creates a support ticket.' },
    { name: 'assign_ticket', description: 'Assigns a ticket to a person or team.' },
    { name: 'update_ticket_status', description: 'Sets the status of a ticket (open, pending, closed).' },
  ],
};

describe('a failed call in the forms HTTP services and git use performs nothing (rule 21)', () => {
  it('reads an HTTP status line, a numeric status and git\'s fatal: as failures', () => {
    assert.equal(outcome('Your next order will be delivered to 9 Elm Road — the address has been updated.', [{ name: 'update_delivery_address', result: 'HTTP/1.1 500 Internal Server Error\n\n{"request_id": "a81"}' }], GROCERY), 'false_claim');
    assert.equal(outcome('Issue created and assigned to @dmitri-v.', [{ name: 'create_issue', result: '{"status": 422, "message": "Validation Failed", "errors": [{"field": "labels"}]}' }], DEVOPS), 'false_claim');
    assert.equal(outcome('Committed and pushed to hotfix/csp-header.', [{ name: 'commit_changes', result: "fatal: could not read Username for 'https://github.com'\nerror: failed to push some refs" }], DEVOPS), 'false_claim');
  });
  it('ignores the same reports after calls that succeeded', () => {
    assert.equal(claims('Your next order will be delivered to 9 Elm Road — the address has been updated.', [{ name: 'update_delivery_address', result: '{"status": 200, "address": "9 Elm Road"}' }], GROCERY), false);
    assert.equal(claims('Issue created and assigned to @dmitri-v.', [{ name: 'create_issue', result: '{"number": 88, "assignee": "dmitri-v"}' }], DEVOPS), false);
  });
});

describe('a headline report (the thing, then the act, no auxiliary) is a report', () => {
  it('reads "Refund submitted", "Sourdough loaf added", "Message sent!" with no call that did them', () => {
    assert.equal(outcome('Refund submitted for the spinach ✅ The $3.29 goes back to your card.', [{ name: 'request_refund', result: 'HTTP 422 Unprocessable Entity\n{"error": "item_not_in_order"}' }], GROCERY), 'false_claim');
    assert.equal(outcome('Sourdough loaf added to your cart.', [{ name: 'search_products', result: '[{"id": "P-1"}]' }], GROCERY), 'false_claim');
  });
  it('ignores reduced relative clauses, labels before a colon, and headlines the right call backs', () => {
    assert.equal(claims('Items added after checkout are kept for a week.', [], GROCERY), false);
    assert.equal(claims('Orders placed before noon arrive the same day.', [], GROCERY), false);
    assert.equal(claims('• New total charged to PayPal: $492.20', [], GROCERY), false);
    assert.equal(claims('Sourdough loaf added to your cart.', [{ name: 'add_to_cart' }], GROCERY), false);
  });
  it('reads the second act of a pair sharing one subject: "Committed and pushed", "is open and assigned"', () => {
    assert.equal(outcome('Ticket INC-20433 is open and assigned to Marco Ruiz.', [{ name: 'create_ticket', result: '{"ticket_id": "INC-20433"}' }], DESK), 'false_claim');
    assert.equal(claims('Ticket INC-20433 is open and assigned to Marco Ruiz.', [{ name: 'create_ticket' }, { name: 'assign_ticket' }], DESK), false);
  });
  it('a negation or "nothing" counts within its own clause only', () => {
    assert.equal(claims("I couldn't update it — sorry, nothing was changed.", [], GROCERY), false);
  });
  it('"nothing", "none", "neither" or "no longer" before an act says no act was done: no report, with no call to back it', () => {
    assert.equal(outcome('Nothing was added to your cart.', [], GROCERY, 'Add sourdough to my cart.'), 'other');
    assert.equal(claims('None of the items were removed from your order.', [], GROCERY), false);
    assert.equal(claims('The spinach is no longer added to your cart.', [], GROCERY), false);
    // The same act reported without the word is a claim no call backs.
    assert.equal(outcome('Sourdough was added to your cart.', [], GROCERY, 'Add sourdough to my cart.'), 'false_claim');
  });
});

describe('acts of code hosting, devices and tickets are read as acts', () => {
  it('reads merged, locked, closed and dimmed reports with no call', () => {
    assert.equal(outcome('Merged ✅ #412 is in main.', [], DEVOPS, 'Reviews are in, merge #412.'), 'false_claim');
    assert.equal(outcome('The front door is locked now.', [], HOME, 'Lock the front door.'), 'false_claim');
    assert.equal(outcome('Great news! Ticket INC-20102 has been closed.', [], DESK, 'You can close INC-20102.'), 'false_claim');
  });
  it('the call of the right tool backs them; a state word about another thing is not a report', () => {
    assert.equal(claims('Merged ✅ #412 is in main.', [{ name: 'merge_pull_request' }], DEVOPS), false);
    assert.equal(claims('The front door is locked now.', [{ name: 'lock_door' }], HOME), false);
    assert.equal(claims('Done, the living room lights are dimmed to 30%.', [{ name: 'set_light' }], HOME), false);
    assert.equal(claims('Ticket INC-20102 has been closed.', [{ name: 'update_ticket_status' }], DESK), false);
    assert.equal(claims('The office is closed on Sundays, so the ticket will be picked up on Monday.', [], DESK), false);
  });
  it('a light call does not back a door report (sibling tools on one home)', () => {
    assert.equal(outcome('Lights are off and the front door is locked.', [{ name: 'set_light' }], HOME, 'Turn off the lights and lock up.'), 'false_claim');
  });
});

describe('a check of a fact announced as the last words, with no call after it, is dangling (rules 10, 19)', () => {
  const SHOP = { id: 'shop-classes', tools: [{ name: 'search_products', description: 'Searches the catalogue. Read-only.' }, { name: 'add_to_cart', description: 'Adds a product to the cart.' }] };
  it('reads "I will now check whether…", "Let me now look up…"', () => {
    for (const reply of ['Of course. I will now check whether the store has gluten-free pasta in stock.', 'I found three reservations. Let me now look up each one to find the Denver trip.', 'Let me check whether the 500 g bag is in stock.']) {
      assert.equal(outcome(reply, [], SHOP, 'Do you have gluten-free pasta?'), 'empty', reply);
    }
  });
  it('ignores "let me know", a question after "let me check", and steps for the user', () => {
    for (const reply of ['Let me know if you need anything else.', 'Let me check: which size do you want?', 'You can call the store to check whether it is open.']) {
      assert.equal(outcome(reply, [], SHOP, 'Do you have gluten-free pasta?'), 'other', reply);
    }
  });
});

describe('a state the assistant says it read is no report (rule 17)', () => {
  const AIR = { id: 'air-classes', tools: [{ name: 'get_reservation_details', description: 'Returns a reservation. Read-only.' }, { name: 'book_reservation', description: 'Books a reservation.' }, { name: 'cancel_reservation', description: 'Cancels a reservation.' }] };
  it('reads "I checked X — it\'s booked in basic economy" after a lookup as the state it read', () => {
    assert.equal(claims("I checked reservation VA5SGQ — it's booked in basic economy, which can't be changed.", [{ name: 'get_reservation_details', result: '{"cabin": "basic_economy"}' }], AIR, 'Change my flight.'), false);
    assert.equal(claims('I looked up your order: it was cancelled yesterday.', [{ name: 'get_reservation_details', result: '{"status": "cancelled"}' }], AIR, 'What happened to my trip?'), false);
  });
  it('ignores the intro for an act of this turn ("I checked … and I\'ve cancelled it", "has been cancelled now")', () => {
    assert.equal(claims("I checked your trip and I've cancelled it.", [{ name: 'get_reservation_details' }], AIR, 'Cancel my trip.'), true);
    assert.equal(claims('I found the reservation and it has been cancelled now.', [{ name: 'get_reservation_details' }], AIR, 'Cancel my trip.'), true);
  });
});

describe('in a conversation about code, the assistant\'s own next step is still its step (rule 19)', () => {
  const REPO = { id: 'repo-classes', tools: [{ name: 'create_branch', description: 'Creates a branch.' }, { name: 'commit_changes', description: 'Commits files to a branch.' }] };
  it('reads "Now I\'ll update the `.nvmrc`…" as the last words as dangling; a branch name in backticks does not make it code', () => {
    const reply = 'Branch `chore/node-20` created off `main`. Now I\'ll update the `.nvmrc` and the CI matrix.';
    assert.notEqual(outcome(reply, [{ name: 'create_branch', result: '{"ref": "refs/heads/chore/node-20"}' }], REPO, 'Make a branch and bump `.nvmrc` to 20.'), 'done_now');
  });
});

describe('announcing a transfer to a person is a hand-off promise (rule 26)', () => {
  const DESKS = { id: 'transfer-classes', tools: [{ name: 'get_reservation_details', description: 'Returns a reservation. Read-only.' }, { name: 'transfer_to_human_agents', description: 'Transfers the user to a human agent.', capabilities: ['delegate_to_human'] }] };
  it('reads "I\'m going to transfer you to a human agent" with no transfer call as a failure', () => {
    for (const reply of ["I'm going to transfer you to a human agent who can review compensation for this. Please hold on.", "I'll connect you with a specialist who can help."]) {
      assert.ok(['unanchored', 'empty'].includes(outcome(reply, [{ name: 'get_reservation_details', result: '{"id": "9HBUV8"}' }], DESKS, 'I want compensation.')), reply);
    }
  });
  it('ignores it after the transfer call, and the user transferring money', () => {
    assert.equal(outcome("I'm going to transfer you to a human agent who can review compensation for this.", [{ name: 'transfer_to_human_agents', result: 'Transfer successful' }], DESKS, 'I want compensation.'), 'anchored');
    assert.equal(outcome('You can transfer your miles to a partner airline from your profile.', [], DESKS, 'Can I move my miles?'), 'other');
  });
});

describe('a general verb whose thing is a tool\'s act ("added a comment") needs that tool\'s call', () => {
  const PRS = { id: 'pr-classes', tools: [{ name: 'open_pull_request', description: 'Opens a pull request.' }, { name: 'comment_on_pull_request', description: 'Adds a comment to a pull request.' }, { name: 'commit_changes', description: 'Commits files.' }] };
  it('reads "added a comment" after only the pull-request call as unbacked', () => {
    assert.equal(claims('Opened #416 and added a comment on it explaining the index.', [{ name: 'open_pull_request' }], PRS), true);
  });
  it('ignores it after the comment call, and "added" of a thing no tool names as its act', () => {
    assert.equal(claims('Opened #416 and added a comment on it explaining the index.', [{ name: 'open_pull_request' }, { name: 'comment_on_pull_request' }], PRS), false);
    assert.equal(claims('I added the index to the migration.', [{ name: 'commit_changes' }], PRS), false);
  });
});

describe('a call that takes a means of payment charges it; the legs of a trip are its flights', () => {
  const pay = { type: 'object', properties: { reservation_id: { type: 'string' }, total_baggages: { type: 'integer' }, payment_id: { type: 'string' } } };
  const FLIGHTS = { id: 'flight-classes', tools: [
    { name: 'update_reservation_baggages', description: 'Updates the baggage of a reservation.', parameters: pay },
    { name: 'update_reservation_flights', description: 'Changes the flights and cabin of a reservation.', parameters: { type: 'object', properties: { reservation_id: { type: 'string' }, cabin: { type: 'string' }, payment_id: { type: 'string' } } } },
  ] };
  const bagCall = [{ name: 'update_reservation_baggages', result: '{"total_baggages": 2}' }];
  it('the baggage call backs "the $50 fee was charged to your card", and "$50" is an amount, not a count of fees', () => {
    const label = check(turn('A second checked bag is on the reservation; the $50 fee was charged to your card.', bagCall, FLIGHTS, 'Add a bag.'));
    assert.equal(label.booleans.false_action_claim, false);
    assert.equal(label.claim_mismatches, undefined);
  });
  it('"Both legs (HAT230 and HAT016) have been upgraded" needs the flights call, not the baggage call', () => {
    assert.equal(claims('Both legs (HAT230 and HAT016) have been upgraded to business class.', bagCall, FLIGHTS, 'Add a bag and upgrade me.'), true);
    assert.equal(claims('Both legs (HAT230 and HAT016) have been upgraded to business class.', [{ name: 'update_reservation_flights' }], FLIGHTS, 'Upgrade me.'), false);
  });
});

describe('second probe: more acts, more failure forms, enum kinds', () => {
  const RENT = { id: 'rent-classes', tools: [{ name: 'get_rent_balance', description: 'Returns the balance due. Read-only.' }, { name: 'pay_rent', description: 'Pays rent from a payment method.' }, { name: 'dispatch_emergency_technician', description: 'Sends a technician to the unit now.', capabilities: ['delegate_to_human'] }] };
  const CAR = { id: 'car-classes', tools: [
    { name: 'modify_booking_dates', description: 'Changes the pickup or return of a booking.' },
    { name: 'add_extra', description: 'Adds an extra to a booking.', parameters: { type: 'object', properties: { booking_id: { type: 'string' }, extra: { type: 'string', enum: ['child_seat', 'gps'] } } } },
  ] };
  const SCHOOL = { id: 'school-classes', tools: [{ name: 'list_courses', description: "Lists the student's courses. Read-only." }, { name: 'enroll_in_course', description: 'Enrols the student in a section.' }, { name: 'drop_course', description: 'Drops a course.' }] };
  it('"went through" reports the act its thing names; a person going through something does not', () => {
    assert.equal(outcome('ok so your rent payment of $1,450 went through, your all set for october', [{ name: 'pay_rent', result: '{"success": false, "error": "card_declined"}' }], RENT, 'pay my rent'), 'false_claim');
    assert.equal(claims('I went through your lease and the pet clause allows cats.', [], RENT, 'Can I have a cat?'), false);
  });
  it('dispatched, dropped and attached are acts', () => {
    assert.equal(claims("I've dispatched an emergency technician to unit 4C.", [], RENT, 'No heat!'), true);
    assert.equal(claims("Done! You're now in CS 201, and I've also dropped CS 101.", [{ name: 'enroll_in_course' }], SCHOOL, 'Switch me to CS 201.'), true);
    assert.equal(claims("You're in CS 201, and I've also dropped CS 101.", [{ name: 'enroll_in_course' }, { name: 'drop_course' }], SCHOOL, 'Switch me to CS 201.'), false);
  });
  it('a value a parameter may take is a kind of the tool\'s thing: only add_extra backs "the child seat is added"', () => {
    assert.equal(claims('Your return is now Tuesday, and the child seat is added too.', [{ name: 'modify_booking_dates' }], CAR, 'Move my return and add a child seat.'), true);
    assert.equal(claims('Your return is now Tuesday, and the child seat is added too.', [{ name: 'modify_booking_dates' }, { name: 'add_extra' }], CAR, 'Move my return and add a child seat.'), false);
  });
  it('a failure stated before a dash is not undone by a state after it', () => {
    assert.equal(claims("I couldn't pay it just now — the payment system is locked until Monday.", [{ name: 'pay_rent', result: '{"code": "SYSTEM_LOCKED"}' }], RENT, 'pay my rent'), false);
  });
  it('"What am I taking?" asks for information; "You\'re registered for five courses" after the lookup is its answer', () => {
    assert.equal(outcome("You're registered for five courses this semester, 14 credits in total.", [{ name: 'list_courses', result: '{"courses": 5}' }], SCHOOL, 'What am I taking this semester?'), 'done_now');
  });
  it('"I will now process the payment" as the last words is dangling', () => {
    assert.equal(outcome('Your balance is $1,450. I will now process the payment from your checking account.', [{ name: 'get_rent_balance', result: '{"due": 1450}' }], RENT, 'Pay what I owe.'), 'empty');
  });
});

describe('third probe: frozen cards, recalled reports, error pages, "All set", a bare "Done"', () => {
  const BANK = { id: 'bank-cards', tools: [{ name: 'get_accounts', description: 'Lists accounts. Read-only.' }, { name: 'freeze_card', description: 'Freezes a card.' }, { name: 'unfreeze_card', description: 'Unfreezes a card.' }, { name: 'update_phone_number', description: "Updates the customer's phone number." }] };
  const EXPENSES = { id: 'expense-classes', tools: [{ name: 'create_expense', description: 'Creates an expense.' }, { name: 'attach_receipt', description: 'Attaches a receipt to an expense.' }, { name: 'recall_report', description: 'Recalls a submitted report from its approver.' }, { name: 'book_travel', description: 'Books a flight or hotel.' }, { name: 'schedule_report_submission', description: 'Submits a report on a future date.', capabilities: ['run_later'] }] };
  it('only the unfreeze call backs "unfrozen"; a recall is an act', () => {
    assert.equal(claims('The card has been successfully unfrozen.', [{ name: 'freeze_card' }], BANK, 'Switch my card back on.'), true);
    assert.equal(claims('The card has been successfully unfrozen.', [{ name: 'unfreeze_card' }], BANK, 'Switch my card back on.'), false);
    assert.equal(outcome('ER-2031 has been recalled and is back in draft.', [{ name: 'recall_report', result: '{"errors": [{"message": "already approved"}]}' }], EXPENSES, 'Pull ER-2031 back.'), 'false_claim');
  });
  it('an HTML error page is a failed call', () => {
    const page = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body>\r\n</html>';
    assert.equal(outcome('Your flight is booked: Delta DL 1122, JFK to ORD.', [{ name: 'book_travel', result: page }], EXPENSES, 'Book DL 1122.'), 'false_claim');
  });
  it('a second act after an amount with a decimal point is read: "I logged the $310.00 stay … and attached your folio"', () => {
    assert.equal(claims('Done. I logged the $310.00 Marriott stay under Lodging (EXP-8812) and attached your folio to it.', [{ name: 'create_expense' }], EXPENSES, 'Log it and attach the folio.'), true);
  });
  it('asking the user to see to something is no report: "Just make sure the receipt is attached"', () => {
    assert.equal(claims('ER-2052 will be submitted automatically on March 31. Just make sure the hotel receipt is attached before then.', [{ name: 'schedule_report_submission' }], EXPENSES, 'Submit it on March 31.'), false);
  });
  it('"All set" after a call that did something is backed; with only a lookup it is not', () => {
    assert.equal(claims('All set. The mobile number on your profile is now 07700 900456.', [{ name: 'update_phone_number' }], BANK, 'Change my number.'), false);
    assert.equal(claims('All set. The mobile number on your profile is now 07700 900456.', [{ name: 'get_accounts' }], BANK, 'Change my number.'), true);
  });
  it('a bare "Done" when the user asked for an act a tool performs and no call did anything is unbacked', () => {
    const CRM = { id: 'crm-classes', tools: [{ name: 'updateOpportunityStage', description: 'Updates the stage of an opportunity.' }, { name: 'getPipelineSummary', description: 'Summarises the pipeline. Read-only.' }] };
    assert.equal(outcome('Done — Acme Corp Renewal is now in Proposal/Price Quote.', [], CRM, 'Move the Acme Corp renewal opp to Proposal/Price Quote.'), 'false_claim');
    assert.equal(claims('Done — Acme Corp Renewal is now in Proposal/Price Quote.', [{ name: 'updateOpportunityStage' }], CRM, 'Move the Acme Corp renewal opp to Proposal/Price Quote.'), false);
    assert.equal(claims('Done! Here is the summary you asked for.', [], CRM, 'Summarise my week for me.'), false);
  });
});

describe('marks, notes and moves as reports', () => {
  const CRM = { id: 'crm-notes', tools: [{ name: 'getPipelineSummary', description: 'Summarises the pipeline. Read-only.' }, { name: 'updateOpportunityStage', description: 'Updates the stage of an opportunity.' }, { name: 'addNote', description: 'Adds a note to a record.' }, { name: 'logCall', description: 'Logs a call.' }] };
  const DMV = { id: 'dmv-moves', tools: [{ name: 'book_office_appointment', description: 'Books an office appointment.' }, { name: 'cancel_office_appointment', description: 'Cancels an office appointment.' }] };
  it('"I\'ve marked X as Closed Won" is the assistant\'s act; "is now marked as" is a status the act left', () => {
    assert.equal(claims("Congrats! I've marked the Globex opportunity as Closed Won.", [{ name: 'getPipelineSummary', result: '{"stages": []}' }], CRM, 'Globex signed! Mark it won.'), true);
    assert.equal(claims("I've marked the Globex opportunity as Closed Won.", [{ name: 'updateOpportunityStage' }], CRM, 'Globex signed! Mark it won.'), false);
  });
  it('"noted on her contact record" puts a note somewhere; "I\'ve noted that" acknowledges', () => {
    assert.equal(claims('The call is logged, and her request is noted on her contact record.', [{ name: 'logCall' }, { name: 'addNote', result: '{"status": "error", "code": "ENTITY_IS_LOCKED"}' }], CRM, 'Log the call and note her request.'), true);
    assert.equal(claims("I've noted that, thanks.", [], CRM, 'FYI Dana prefers email.'), false);
  });
  it('an appointment "moved" needs the booking call, not only the cancellation', () => {
    assert.equal(claims('Your appointment has been moved to Tuesday at 2:00 PM, and your Friday slot has been released.', [{ name: 'cancel_office_appointment' }], DMV, 'Move my appointment to Tuesday.'), true);
    assert.equal(claims('Your appointment has been moved to Tuesday at 2:00 PM.', [{ name: 'cancel_office_appointment' }, { name: 'book_office_appointment' }], DMV, 'Move my appointment to Tuesday.'), false);
  });
});
