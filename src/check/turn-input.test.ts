/**
 * Turn-record validation (SPEC §4): which fault a record is rejected for when it has several, the
 * field each error names, and what a valid record is read as (string ids, call ids matched).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateToolNames, validateTurn } from './turn-input.ts';
import { CheckInputError } from './check-input-error.ts';

const userMessage = { role: 'user', content: 'Remind me to pay rent tomorrow.' };
const reply = { role: 'assistant', content: 'Done.' };
const callMessage = (id: unknown, name = 'create_reminder', args = '{"message":"Pay rent"}') => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name, arguments: args } }],
});
const result = (id: unknown, content = '{"status":"created"}') => ({ role: 'tool', tool_call_id: id, content });

/** The error `f` throws, as the facts a caller gets: field, problem, expected, got. */
function rejection(f: () => unknown): [string, string, string | undefined, string | undefined] {
  try {
    f();
  } catch (error) {
    assert.ok(CheckInputError.isInstance(error), `expected a CheckInputError, got ${String(error)}`);
    return [error.field, error.problem, error.expected, error.got];
  }
  assert.fail('expected the record to be rejected');
}

describe('validateTurn: a record with several faults reports the same one, in a fixed order', () => {
  test('a malformed message anywhere comes before a result that answers no call', () => {
    const record = { messages: [userMessage, result('nobody'), reply, { role: 'robot', content: 'x' }] };
    assert.deepEqual(rejection(() => validateTurn(record)), ['messages[3].role', 'unknown role', 'system|developer|user|assistant|tool', '"robot"']);
  });

  test('a result that answers no call comes before a missing user message', () => {
    const record = { messages: [reply, result('nobody')] };
    assert.deepEqual(rejection(() => validateTurn(record)), ['messages[1].tool_call_id', 'answers no tool call', 'the id of an earlier assistant tool call (none was made)', '"nobody"']);
  });

  test('a missing user message comes before bad tool arguments', () => {
    const record = { messages: [callMessage('c1', 'create_reminder', '{oops'), reply] };
    assert.deepEqual(rejection(() => validateTurn(record)), ['messages', 'no user message', 'at least one message with role "user"', undefined]);
  });

  test('bad arguments are reported for the first call that has them, by message and call index', () => {
    const two = { role: 'assistant', content: null, tool_calls: [callMessage('c1').tool_calls[0], callMessage('c2', 'create_reminder', '[1]').tool_calls[0]] };
    const record = { messages: [userMessage, two, result('c1'), result('c2'), callMessage('c3', 'create_reminder', 'nope'), reply] };
    assert.deepEqual(rejection(() => validateTurn(record)), ['messages[1].tool_calls[1].function.arguments', 'not a JSON object', 'a JSON object', '"[1]"']);
  });

  test('a call is checked field by field: id, then name, then arguments type', () => {
    const call = (fields: Record<string, unknown>) => ({ messages: [userMessage, { role: 'assistant', content: null, tool_calls: [callMessage('ok').tool_calls[0], fields] }] });
    assert.equal(rejection(() => validateTurn(call({ function: { name: 7, arguments: 5 } })))[0], 'messages[1].tool_calls[1].id');
    assert.equal(rejection(() => validateTurn(call({ id: 'c2', function: { name: '', arguments: 5 } })))[0], 'messages[1].tool_calls[1].function.name');
    assert.equal(rejection(() => validateTurn(call({ id: 'c2', function: { name: 't', arguments: 5 } })))[0], 'messages[1].tool_calls[1].function.arguments');
  });

  test('content parts are named by their index; a non-text part may lack text', () => {
    const parts = [{ type: 'image_url', image_url: { url: 'x' } }, { type: 'text', text: 'hi' }, { type: 'text' }];
    assert.deepEqual(rejection(() => validateTurn({ messages: [{ role: 'user', content: parts }] })), ['messages[0].content[2].text', 'not text', 'a string', 'nothing']);
    assert.deepEqual(rejection(() => validateTurn({ messages: [{ role: 'user', content: ['hi'] }] }))[0], 'messages[0].content[0]');
  });

  test('an orphan result names the last five calls made before it', () => {
    const calls = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => callMessage(id));
    const record = { messages: [userMessage, ...calls, result('z')] };
    assert.equal(rejection(() => validateTurn(record))[2], 'the id of an earlier assistant tool call (b, c, d, e, f)');
  });
});

describe('validateTurn: what a valid record is read as', () => {
  test('a record with a string id and string call ids is read as it is', () => {
    const record = { id: 't-1', setup: 'C2', extra: { kept: true }, messages: [userMessage, callMessage('c1'), result('c1'), reply] };
    const before = structuredClone(record);
    const { record: valid } = validateTurn(record);
    assert.deepEqual(valid, before);
    assert.deepEqual(record, before, 'the input is not changed');
  });

  test('persona, category and doable are read when valid; doable_override stands in for a missing doable', () => {
    const read = validateTurn({ messages: [userMessage], persona: 'support', category: 'memory', doable_override: 'partial' });
    assert.deepEqual([read.persona, read.category, read.doable], ['support', 'memory', 'partial']);
    assert.equal(validateTurn({ messages: [userMessage], doable: 'no', doable_override: 'yes' }).doable, 'no');
    assert.deepEqual(rejection(() => validateTurn({ messages: [userMessage], doable: null, doable_override: 'maybe' })), ['doable_override', 'unknown value', 'yes|no|partial', '"maybe"']);
    assert.deepEqual(rejection(() => validateTurn({ messages: [userMessage], category: 5 })), ['category', 'unknown value', 'reminder|monitoring|callback|deferred_delivery|memory', '5']);
  });

  test('a numeric or missing record id is read as a string', () => {
    assert.equal(validateTurn({ id: 7, messages: [userMessage] }).record.id, '7');
    assert.equal(validateTurn({ messages: [userMessage] }).record.id, '');
  });

  test('numeric call ids are read as strings and still match their results; the input keeps its numbers', () => {
    const numericCall = callMessage(41);
    const numericResult = result(41);
    const record = { id: 'n', messages: [userMessage, numericCall, numericResult, callMessage('s'), result('s'), reply] };
    const { record: valid } = validateTurn(record);
    assert.equal(valid.messages[1]!.role === 'assistant' && valid.messages[1]!.tool_calls![0]!.id, '41');
    assert.equal(valid.messages[2]!.role === 'tool' && valid.messages[2]!.tool_call_id, '41');
    assert.equal(valid.messages[3], record.messages[3], 'a message without a numeric id is not copied');
    assert.equal(numericCall.tool_calls[0]!.id, 41);
    assert.equal(numericResult.tool_call_id, 41);
  });

  test('blank arguments are no arguments; bad arguments answered by an error result are the runtime reporting a bad call', () => {
    assert.doesNotThrow(() => validateTurn({ messages: [userMessage, callMessage('c1', 'create_reminder', '  '), reply] }));
    assert.doesNotThrow(() => validateTurn({ messages: [userMessage, callMessage('c1', 'create_reminder', '{oops'), result('c1', 'Error: invalid arguments'), reply] }));
    assert.equal(rejection(() => validateTurn({ messages: [userMessage, callMessage('c1', 'create_reminder', '{oops'), result('c1'), reply] }))[0], 'messages[1].tool_calls[0].function.arguments');
  });
});

describe('validateToolNames', () => {
  const known = new Set(['create_reminder']);

  test('the first call to a tool the deployment lacks is named by message and call index', () => {
    const two = { role: 'assistant', content: null, tool_calls: [callMessage('c1').tool_calls[0], callMessage('c2', 'teleport').tool_calls[0]] };
    const { record } = validateTurn({ messages: [userMessage, two, result('c1'), result('c2'), reply] });
    assert.deepEqual(rejection(() => validateToolNames(record.messages, known, 'C2')), [
      'messages[1].tool_calls[1].function.name',
      'not a tool of C2',
      'a tool the deployment has, or an error result from the runtime',
      '"teleport"',
    ]);
  });

  test('a call to an unknown tool answered with an error result is accepted', () => {
    const { record } = validateTurn({ messages: [userMessage, callMessage('c1', 'teleport'), result('c1', '{"error":"unknown tool"}'), reply] });
    assert.doesNotThrow(() => validateToolNames(record.messages, known, 'C2'));
  });
});
