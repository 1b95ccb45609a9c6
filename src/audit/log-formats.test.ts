import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogFormatError, parseLogRecord } from './log-formats.ts';

test('OpenAI-style conversation: one turn per assistant reply that answers a user', () => {
  const parsed = parseLogRecord(
    { id: 'c1', model: 'm', messages: [{ role: 'system', content: 'be nice' }, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }, { role: 'user', content: 'more' }, { role: 'assistant', content: [{ type: 'text', text: 'sure' }] }] },
    1,
  );
  assert.equal(parsed.format, 'openai');
  assert.deepEqual(parsed.turns.map((t) => [t.id, t.user, t.reply, t.fields['model']]), [['c1-t1', 'hi', 'hello', 'm'], ['c1-t2', 'more', 'sure', 'm']]);
  assert.equal(parsed.turns[0]!.toolUsing, false);
});

test('one turn per line keeps the record id; ShareGPT and WildChat records read the same', () => {
  assert.equal(parseLogRecord({ id: 'x', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }] }, 1).turns[0]!.id, 'x');
  const share = parseLogRecord({ id: 's', conversations: [{ from: 'human', value: 'q' }, { from: 'gpt', value: 'r' }] }, 2);
  assert.equal(share.format, 'sharegpt');
  assert.deepEqual([share.turns[0]!.user, share.turns[0]!.reply], ['q', 'r']);
  const wild = parseLogRecord({ conversation_hash: 'h', model: 'gpt-4', conversation: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'r' }] }, 3);
  assert.equal(wild.format, 'wildchat');
  assert.equal(wild.turns[0]!.conversation, 'h');
  assert.equal(parseLogRecord({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'r' }] }, 7).turns[0]!.id, 'line-7');
});

test('tool-using conversations are marked: tool messages, tool_calls, ShareGPT function calls, agent-framework prompts', () => {
  const marked = (value: unknown): boolean => parseLogRecord(value, 1).turns.every((t) => t.toolUsing);
  assert.ok(marked({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: null, tool_calls: [{ id: '1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: '1', content: 'ok' }, { role: 'assistant', content: 'done' }] }));
  assert.ok(marked({ conversations: [{ from: 'human', value: 'q' }, { from: 'function_call', value: '{}' }, { from: 'observation', value: 'ok' }, { from: 'gpt', value: 'done' }] }));
  assert.ok(marked({ messages: [{ role: 'user', content: 'GOALS: win\nCONSTRAINTS: none\nCOMMANDS: google' }, { role: 'assistant', content: '{"command": {"name": "google"}}' }] }));
  assert.ok(!marked({ messages: [{ role: 'user', content: 'what are the constraints of this command?' }, { role: 'assistant', content: 'none' }] }));
});

test('anything else is a LogFormatError naming the field', () => {
  const fails = (value: unknown, field: string): void => {
    assert.throws(() => parseLogRecord(value, 1), (e: unknown) => LogFormatError.isInstance(e) && e.field === field);
  };
  fails({ prompt: 'a', completion: 'b' }, '(record)');
  fails([1, 2], '(record)');
  fails({ messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role');
  fails({ conversations: [{ from: 'human', value: 3 }] }, 'conversations[0].value');
});
