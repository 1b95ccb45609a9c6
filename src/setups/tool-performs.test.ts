import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionLemma, sameAct } from './action-verbs.ts';
import { coversThing, inferPerforms, sameThing, singular, toolActions } from './tool-performs.ts';

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

describe('what a tool acts on: the object of its act, not its container', () => {
  const cases: [{ name: string; description?: string; performs?: string[] }, string[]][] = [
    [{ name: 'update_reservation_baggages' }, ['baggage']],
    [{ name: 'update_reservation_flights', description: 'Update the flight information of a reservation.' }, ['flight']],
    [{ name: 'create_event', description: "Adds an event to the user's calendar." }, ['event', 'event']],
    [{ name: 'createCalendarEvent' }, ['event']],
    [{ name: 'modify_pending_order_items' }, ['item']],
    [{ name: 'modify_pending_order_address', description: 'Changes the shipping address of a pending order.' }, ['address', 'address']],
    [{ name: 'update_reservation_baggages', performs: ['add checked bags to a reservation'] }, ['bag']],
  ];
  for (const [tool, objects] of cases) {
    it(`${tool.name}${tool.performs ? ` (performs ${tool.performs[0]})` : ''} acts on ${objects.join(', ')}`, () => assert.deepEqual(toolActions(tool).map((a) => a.object), objects));
  }

  it('kinds: an event covers a class, a meeting, an appointment; baggage covers a checked bag; one way only', () => {
    for (const word of ['class', 'meeting', 'appointment', 'events']) assert.ok(coversThing('event', word), word);
    for (const word of ['bag', 'bags', 'checked', 'luggage']) assert.ok(coversThing('baggage', word), word);
    assert.ok(coversThing('item', 'products'));
    assert.ok(!coversThing('class', 'event'), 'a class tool does not act on every event');
    assert.ok(!coversThing('flight', 'bag'));
    assert.ok(!coversThing('reservation', 'bag'), 'a container is not its contents');
  });
});

describe('parameters say what a call acts on when the name names only where', () => {
  const schema = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });
  it('update_booking(reservation_id, total_baggages, nonfree_baggages) also acts on baggage', () => {
    const objects = toolActions({ name: 'update_booking', parameters: schema('reservation_id', 'total_baggages', 'nonfree_baggages') }).map((a) => a.object);
    assert.deepEqual(objects, ['booking', 'baggage']);
  });
  it('cancel_reservation(reservation_id, reason) acts on the reservation only', () => {
    assert.deepEqual(toolActions({ name: 'cancel_reservation', parameters: schema('reservation_id', 'reason') }).map((a) => a.object), ['reservation']);
  });
  it('update_reservation_flights(reservation_id, cabin, flights) keeps its object: the name already names it', () => {
    assert.deepEqual(toolActions({ name: 'update_reservation_flights', parameters: schema('reservation_id', 'cabin', 'flights') }).map((a) => a.object), ['flight']);
  });
  it('a means of payment among the parameters: the call also charges it (a fee, a fare)', () => {
    const actions = toolActions({ name: 'update_reservation_flights', parameters: schema('reservation_id', 'cabin', 'flights', 'payment_id') });
    assert.deepEqual(actions.map((a) => `${a.verb} ${a.object}`), ['update flight', 'charge payment']);
    assert.deepEqual(toolActions({ name: 'cancel_reservation', parameters: schema('reservation_id', 'reason') }).map((a) => a.verb), ['cancel']);
  });
  it('a stated performs list wins over parameters', () => {
    assert.deepEqual(toolActions({ name: 'update_booking', performs: ['update booking'], parameters: schema('reservation_id', 'total_baggages') }).map((a) => a.object), ['booking']);
  });
});
