import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionLemma, sameAct } from './action-verbs.ts';
import { inferPerforms, sameThing, singular, toolActions } from './tool-performs.ts';

describe('inferPerforms: what a tool does, read from its name and description', () => {
  const cases: [string, string, string[]][] = [
    ['update_reservation_baggages', '', ['update reservation baggage']],
    ['cancel_pending_order', 'Cancels a pending order at once and records a refund of every payment.', ['cancel order', 'record refund']],
    ['create_ticket', 'Opens a ticket for the human support team.', ['create ticket', 'open ticket']],
    ['send_email', '', ['send email']],
    ['memory_write', '', ['write memory']],
    ['createCalendarEvent', '', ['create calendar event']],
    ['transfer_to_human_agents', '', ['transfer human agent']],
  ];
  for (const [name, description, expected] of cases) {
    it(`${name} → ${expected.join('; ')}`, () => assert.deepEqual(inferPerforms({ name, description }), expected));
  }

  it('lookups and read-only tools perform nothing', () => {
    assert.deepEqual(inferPerforms({ name: 'get_order_details', description: 'Returns the status of an order.' }), []);
    assert.deepEqual(inferPerforms({ name: 'search_docs', description: 'Searches the help center.' }), []);
    assert.deepEqual(inferPerforms({ name: 'find_user_id_by_email', description: 'Looks up a user id (read-only).' }), []);
    assert.deepEqual(inferPerforms({ name: 'calculate', description: 'Evaluates an expression. No effect outside the turn.' }), []);
  });

  it('a stated `performs` list wins over the inferred one', () => {
    assert.deepEqual(toolActions({ name: 'update_reservation_baggages', performs: ['add checked bags'] }), [{ verb: 'add', objects: ['checked', 'bag'], object: 'bag' }]);
  });
});

describe('matching a reported act to what a tool performs', () => {
  it('verb forms map to their lemma', () => {
    for (const [form, lemma] of [['filed', 'file'], ['cancelled', 'cancel'], ['canceled', 'cancel'], ['sent', 'send'], ['set up', 'set'], ['paid', 'pay']] as const) {
      assert.equal(actionLemma(form), lemma, form);
    }
    assert.equal(actionLemma('found'), null);
  });

  it('acts of one group match: a ticket is filed, logged or opened; updating covers adding', () => {
    for (const verb of ['file', 'log', 'open', 'raise', 'submit', 'lodge', 'create']) assert.ok(sameAct('create', verb), verb);
    assert.ok(sameAct('update', 'add'));
    assert.ok(sameAct('update', 'remove'));
    assert.ok(!sameAct('cancel', 'update'));
    assert.ok(!sameAct('send', 'save'));
  });

  it('things match by stem and by synonym', () => {
    assert.ok(sameThing('bag', 'baggage'));
    assert.ok(sameThing('booking', 'reservation'));
    assert.ok(sameThing('bags', 'bag'));
    assert.ok(!sameThing('order', 'address'));
    assert.equal(singular('addresses'), 'address');
    assert.equal(singular('categories'), 'category');
  });

});
