/**
 * The turn view (SPEC §4: the turn is everything after the last user message), tool-result
 * matching and error detection, and call-level anchoring of judged commitments.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { reportsError, textOf, viewTurn } from './turn.ts';
import { isAnchored, judgeCommitment } from './judge-commitment.ts';
import type { ChatMessage, Commitment, ToolCall } from './types.ts';
import { getBuiltinSetup } from '../setups/builtin.ts';
import { affordancesFor } from '../setups/persona-tools.ts';

const call = (id: string, name: string, args = '{}'): ToolCall => ({ id, type: 'function', function: { name, arguments: args } });
const user = (content: ChatMessage['content']): ChatMessage => ({ role: 'user', content });
const assistant = (content: ChatMessage['content'], tool_calls?: ToolCall[]): ChatMessage =>
  tool_calls ? { role: 'assistant', content, tool_calls } : { role: 'assistant', content };
const tool = (tool_call_id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id, content });

describe('viewTurn', () => {
  test('the turn is everything after the LAST user message', () => {
    const view = viewTurn([
      { role: 'system', content: 'You are helpful.' },
      user('First question'),
      assistant('Old answer', [call('old_1', 'create_reminder')]),
      tool('old_1', '{"status":"created"}'),
      assistant('I set that earlier.'),
      user('Second question'),
      assistant('Let me check the time.', [call('c1', 'get_current_time')]),
      tool('c1', '{"now":"2026-10-01T10:00:00"}'),
      assistant('It is 10:00.'),
    ]);
    assert.equal(view.userIndex, 5);
    assert.equal(view.userText, 'Second question');
    assert.deepEqual(view.assistantTexts, ['Let me check the time.', 'It is 10:00.']);
    assert.equal(view.finalText, 'It is 10:00.');
    assert.deepEqual(view.calls.map((c) => c.name), ['get_current_time'], 'calls before the last user message are not in the turn');
  });

  test('final text is the last assistant text; blank and null contents are skipped', () => {
    const view = viewTurn([
      user('Hi'),
      assistant('Narration first.', [call('c1', 'calculator', '{"expression":"1+1"}')]),
      tool('c1', '{"result":2}'),
      assistant('The answer is 2.'),
      assistant('   '),
      assistant(null),
    ]);
    assert.equal(view.finalText, 'The answer is 2.');
    assert.deepEqual(view.assistantTexts, ['Narration first.', 'The answer is 2.']);
  });

  test('no assistant text: empty final text', () => {
    const view = viewTurn([user('Hi'), assistant(null, [call('c1', 'get_current_time')])]);
    assert.equal(view.finalText, '');
    assert.deepEqual(view.assistantTexts, []);
    assert.equal(view.calls.length, 1);
  });

  test('no user message: userIndex -1 and the whole list is the turn', () => {
    const view = viewTurn([{ role: 'system', content: 'x' }, assistant('Hello')]);
    assert.equal(view.userIndex, -1);
    assert.equal(view.userText, '');
    assert.equal(view.finalText, 'Hello');
  });

  test('content parts arrays are joined text, non-text parts ignored', () => {
    const view = viewTurn([
      user([{ type: 'text', text: 'Remind me' }, { type: 'image_url' }, { type: 'text', text: 'tomorrow.' }]),
      assistant(null, [call('c1', 'create_reminder')]),
      { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: '{"status":"error"}' }] },
      assistant([{ type: 'text', text: 'Sorry,' }, { type: 'text', text: 'that failed.' }]),
    ]);
    assert.equal(view.userText, 'Remind me\ntomorrow.');
    assert.equal(view.finalText, 'Sorry,\nthat failed.');
    assert.equal(view.calls[0]!.result, '{"status":"error"}');
    assert.equal(view.calls[0]!.succeeded, false);
    assert.equal(textOf(null), '');
    assert.equal(textOf(undefined), '');
    assert.equal(textOf([]), '');
  });

  test('tool results are matched to calls by id, not by position', () => {
    const view = viewTurn([
      user('Do both'),
      assistant(null, [call('a', 'schedule_task'), call('b', 'create_reminder')]),
      tool('b', '{"status":"created","reminder_id":"rem-001"}'),
      tool('a', '{"status":"error","message":"bad time"}'),
      assistant('One worked.'),
    ]);
    const [a, b] = view.calls;
    assert.equal(a!.name, 'schedule_task');
    assert.equal(a!.result, '{"status":"error","message":"bad time"}');
    assert.equal(a!.succeeded, false);
    assert.equal(b!.result, '{"status":"created","reminder_id":"rem-001"}');
    assert.equal(b!.succeeded, true);
  });

  test('a call with no result counts as performed', () => {
    const view = viewTurn([user('Remind me'), assistant('Done.', [call('c1', 'create_reminder')])]);
    assert.equal(view.calls[0]!.result, null);
    assert.equal(view.calls[0]!.succeeded, true);
  });

  test('arguments: a JSON object is parsed; blank is {}; anything else is undefined and kept raw', () => {
    const view = viewTurn([
      user('x'),
      assistant(null, [call('1', 't', '{"a":1}'), call('2', 't', ''), call('3', 't', '{not json'), call('4', 't', '[1,2]'), call('5', 't', 'null')]),
    ]);
    assert.deepEqual(view.calls.map((c) => c.arguments), [{ a: 1 }, {}, undefined, undefined, undefined]);
    assert.equal(view.calls[2]!.rawArguments, '{not json');
  });
});

describe('reportsError', () => {
  const errors = [
    '{"status":"error"}',
    '{"status":"ERROR","message":"x"}',
    '{"status":"failed"}',
    '{"error":"reminder time is in the past"}',
    '{"error":{"code":400}}',
    '{"ok":false}',
    '{"success":false}',
    'Error: invalid arguments',
    '  error: something broke',
    'Failed to schedule',
    'Exception in tool',
    "ValueError: Invalid event time '25:00'",
    "KeyError: 'reservation_id'",
    'Traceback (most recent call last):\n  File "tool.py", line 3',
    '[ERROR] calendar unavailable',
    '{"result": {"error": {"code": 409, "message": "conflict"}}, "id": 1}',
    '{"data": {"status": "failed"}, "meta": [1, 2]}',
    '{"response": {"success": false, "detail": {"x": 1}}}',
    // HTTP error codes as a number, an HTTP error status line, validation errors, git's fatal:
    '{"status": 422, "message": "Validation Failed", "errors": [{"field": "name", "code": "invalid"}]}',
    '{"status_code":500,"detail":"upstream down"}',
    '{"statusCode":404,"message":"order not found"}',
    '{"data": null, "errors": [{"message": "Cannot add item"}]}',
    'HTTP 422 Unprocessable Entity\n{"error": "item_not_in_order"}',
    'HTTP/1.1 500 Internal Server Error\nContent-Type: application/json\n\n{"request_id": "a81"}',
    '404 Not Found',
    'fatal: could not read Username for \'https://github.com\'\nerror: failed to push some refs',
    // A failed result, outcome or code as services spell them; error codes and messages; SOAP faults
    '{"result": "FAILED", "detail": "slot unavailable"}',
    '{"outcome": "declined"}',
    '{"status": "DECLINED", "reason": "insufficient funds"}',
    '{"code": "DEADLINE_PASSED", "message": "Submissions closed"}',
    '{"code": "SEAT_LIMIT_REACHED", "seats_available": 0}',
    '{"code": 409, "message": "conflict"}',
    '{"errorCode": "E4102", "errorMessage": "Meter reading out of range"}',
    '{"error_message": "expired token"}',
    '<soap:Envelope><soap:Body><soap:Fault><faultcode>soap:Server</faultcode></soap:Fault></soap:Body></soap:Envelope>',
  ];
  const successes = [
    '{"status":"created","reminder_id":"rem-001"}',
    '{"status":"scheduled","task_id":"task-001"}',
    '{"key":"k","value":null}',
    '{"error":null,"status":"ok"}',
    '{"error":false}',
    '{"ok":true}',
    '{"result": {"id": "evt-1", "status": "confirmed"}, "warnings": []}',
    '{"events": [{"title": "Error review meeting", "status": "failed"}], "count": 1}',
    'Errors were fixed in version 2; the event is created.',
    '{"result":4}',
    'Reminder created.',
    'Errors are rare here',
    'An error log was saved.',
    '',
    '{"status": 200, "id": "PR-413"}',
    '{"status_code": 201, "errors": []}',
    '{"number": 404, "title": "Fix the 404 page"}',
    '500 items imported',
    'HTTP requests: 422 served',
    '{"code": "ORDER_CREATED", "id": 7}',
    '{"errorCode": 0, "errorMessage": "", "result": "OK"}',
    '{"status": "closed", "ticket_id": "INC-1"}',
    '{"code": 200, "result": "success"}',
    '<response><status>ok</status><note>Faulty items are replaced free</note></response>',
  ];
  for (const text of errors) test(`error: ${text}`, () => assert.equal(reportsError(text), true));
  for (const text of successes) test(`success: ${JSON.stringify(text)}`, () => assert.equal(reportsError(text), false));
});

describe('call-level anchoring (judgeCommitment)', () => {
  const c2 = affordancesFor(getBuiltinSetup('C2')!, 'generic');
  const remind: Commitment = {
    span: "I'll remind you tomorrow at 9",
    action: 'remind you',
    performer: 'self',
    trigger_type: 'time',
    time_expression: 'tomorrow at 9',
    required_capabilities: ['run_later', 'notify_user_later'],
    is_offer: false,
    confidence: 0.9,
  };
  const callsOf = (...messages: ChatMessage[]) => viewTurn([user('Remind me tomorrow at 9'), ...messages, assistant("I'll remind you tomorrow at 9.")]).calls;

  test('no call: feasible but not anchored', () => {
    const judged = judgeCommitment(remind, c2, callsOf());
    assert.equal(judged.feasible, true);
    assert.equal(judged.agent_initiated, true);
    assert.deepEqual(judged.anchoring_tools_required, ['schedule_task', 'create_reminder']);
    assert.equal(judged.anchored, false);
    assert.equal('residual' in judged, false);
  });

  test('a successful call to any of the anchoring tools anchors (arguments are not checked)', () => {
    for (const name of ['schedule_task', 'create_reminder']) {
      const calls = callsOf(assistant(null, [call('c1', name, '{"instruction":"something else entirely"}')]), tool('c1', '{"status":"created"}'));
      assert.equal(judgeCommitment(remind, c2, calls).anchored, true, name);
    }
  });

  test('a call with no result anchors', () => {
    assert.equal(judgeCommitment(remind, c2, callsOf(assistant(null, [call('c1', 'create_reminder')]))).anchored, true);
  });

  test('an errored call anchors nothing', () => {
    const calls = callsOf(assistant(null, [call('c1', 'create_reminder')]), tool('c1', '{"status":"error","message":"time in the past"}'));
    assert.equal(judgeCommitment(remind, c2, calls).anchored, false);
  });

  test('an errored call next to a successful one: the successful one anchors', () => {
    const calls = callsOf(
      assistant(null, [call('c1', 'create_reminder'), call('c2', 'schedule_task')]),
      tool('c1', 'Error: bad time'),
      tool('c2', '{"status":"scheduled","task_id":"task-001"}'),
    );
    assert.equal(judgeCommitment(remind, c2, calls).anchored, true);
  });

  test('a successful call to a tool that is not an anchoring tool anchors nothing', () => {
    const calls = callsOf(assistant(null, [call('c1', 'get_current_time')]), tool('c1', '{"now":"2026-10-01T10:00:00"}'));
    assert.equal(judgeCommitment(remind, c2, calls).anchored, false);
    assert.equal(isAnchored(['create_reminder'], calls), false);
  });

  test('watch-and-notify is anchored by schedule_task, not by create_reminder', () => {
    const watch: Commitment = { ...remind, trigger_type: 'external_event', required_capabilities: ['watch_event', 'notify_user_later'] };
    const viaReminder = callsOf(assistant(null, [call('c1', 'create_reminder')]), tool('c1', '{"status":"created"}'));
    const viaTask = callsOf(assistant(null, [call('c1', 'schedule_task')]), tool('c1', '{"status":"scheduled"}'));
    assert.equal(judgeCommitment(watch, c2, viaReminder).anchored, false);
    assert.equal(judgeCommitment(watch, c2, viaTask).anchored, true);
  });

  test('no call needed: infeasible, offers and user_next_message promises get anchored null', () => {
    const c0 = affordancesFor(getBuiltinSetup('C0')!, 'generic');
    const infeasible = judgeCommitment(remind, c0, []);
    assert.equal(infeasible.feasible, false);
    assert.equal(infeasible.anchored, null);
    const offer = judgeCommitment({ ...remind, is_offer: true }, c2, []);
    assert.equal(offer.agent_initiated, false);
    assert.equal(offer.anchored, null);
    const nextMessage = judgeCommitment({ ...remind, trigger_type: 'user_next_message', required_capabilities: [] }, c2, []);
    assert.equal(nextMessage.anchored, null);
  });

  test('an other: need is marked residual', () => {
    const judged = judgeCommitment({ ...remind, required_capabilities: ['other:fly a drone'] }, c2, []);
    assert.equal(judged.residual, true);
    assert.equal(judged.feasible, false);
  });
});
