/**
 * Each message shape frameworks log, read as the turn record it stands for: a turn whose
 * call is in that shape is labelled as its OpenAI Chat Completions twin is (anchored, never
 * false_claim, which is what a call silently ignored gives), and a content part nothing reads is a
 * warning at its field, never dropped silently.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../check.ts';
import { checkJsonl, type LineResult } from '../check-jsonl.ts';
import { checkConversation } from '../conversations.ts';
import { CheckInputError } from '../check-input-error.ts';
import { adaptRecord } from './adapt-record.ts';
import { detectFormat } from './detect-format.ts';
import type { InputFormat, InputWarning } from './input-format.ts';

const ASK = 'Remind me to pay rent tomorrow morning.';
const REPLY = "Done! I've set a reminder for 9:00 tomorrow to pay your rent.";
const ARGS = { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' };
const RESULT = { status: 'created', reminder_id: 'rem-001' };
const base = { id: 't', setup: 'C2', category: 'reminder' };

/** The same turn in every shape: the user asks, the agent calls create_reminder, the tool answers, the agent replies. */
const TURNS: Record<InputFormat, Record<string, unknown>> = {
  openai: {
    ...base,
    messages: [
      { role: 'user', content: ASK },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: ARGS } }] },
      { role: 'tool', tool_call_id: 'c1', content: JSON.stringify(RESULT) },
      { role: 'assistant', content: REPLY },
    ],
  },
  responses: {
    ...base,
    instructions: 'You are a helpful assistant.',
    input: [{ role: 'user', content: [{ type: 'input_text', text: ASK }] }],
    output: [
      { type: 'reasoning', id: 'rs_1', summary: [] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'create_reminder', arguments: JSON.stringify(ARGS) },
      { type: 'function_call_output', call_id: 'call_1', output: JSON.stringify(RESULT) },
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: REPLY, annotations: [] }] },
    ],
  },
  'ai-sdk': {
    ...base,
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: [{ type: 'text', text: ASK }] },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'The user wants a reminder.' }, { type: 'tool-call', toolCallId: 'call_1', toolName: 'create_reminder', input: ARGS }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'create_reminder', output: { type: 'json', value: RESULT } }] },
      { role: 'assistant', content: [{ type: 'text', text: REPLY }] },
    ],
  },
  anthropic: {
    ...base,
    system: 'You are a helpful assistant.',
    messages: [
      { role: 'user', content: ASK },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'A reminder.', signature: 'x' }, { type: 'text', text: 'Setting that up.' }, { type: 'tool_use', id: 'toolu_1', name: 'create_reminder', input: ARGS }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: JSON.stringify(RESULT) }] },
      { role: 'assistant', content: [{ type: 'text', text: REPLY }] },
    ],
  },
  langchain: {
    ...base,
    messages: [
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'SystemMessage'], kwargs: { content: 'You are a helpful assistant.' } },
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: ASK } },
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: '', tool_calls: [{ name: 'create_reminder', args: ARGS, id: 'call_1', type: 'tool_call' }] } },
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'ToolMessage'], kwargs: { content: JSON.stringify(RESULT), tool_call_id: 'call_1', status: 'success' } },
      { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: REPLY, tool_calls: [] } },
    ],
  },
};

/** The same turn as LangChain's messages_to_dict writes it. */
const LANGCHAIN_DICTS = {
  ...base,
  messages: [
    { type: 'human', data: { content: ASK, type: 'human' } },
    { type: 'ai', data: { content: '', type: 'ai', tool_calls: [{ name: 'create_reminder', args: ARGS, id: 'call_1' }] } },
    { type: 'tool', data: { content: JSON.stringify(RESULT), type: 'tool', tool_call_id: 'call_1' } },
    { type: 'ai', data: { content: REPLY, type: 'ai' } },
  ],
};

/** The same turn with the call left out: what a reader that ignores the call sees. */
const NO_CALL = { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: REPLY }] };

function warningsOf(record: unknown, format: InputFormat | 'auto' = 'auto'): InputWarning[] {
  const warnings: InputWarning[] = [];
  check(record, { inputFormat: format, onWarning: (w) => warnings.push(w) });
  return warnings;
}

async function run(lines: string[], options: { inputFormat?: InputFormat | 'auto'; conversations?: boolean } = {}): Promise<LineResult[]> {
  const results: LineResult[] = [];
  for await (const result of checkJsonl(lines, options)) results.push(result);
  return results;
}

test('without its call the turn is a false claim: the outcome each shape must not fall back to', () => {
  assert.equal(check(NO_CALL).outcome, 'false_claim');
});

describe('a turn whose call is in each shape is anchored, as its OpenAI twin', () => {
  for (const [format, turn] of Object.entries(TURNS) as [InputFormat, Record<string, unknown>][]) {
    test(`${format}: detected, and labelled anchored with the call read`, () => {
      assert.equal(detectFormat(turn), format);
      const label = check(turn);
      assert.ok(['anchored', 'done_now'].includes(label.outcome), `${format}: ${label.outcome}`);
      assert.equal(label.booleans.false_action_claim, false);
      assert.deepEqual(warningsOf(turn), [], 'every part of the turn is read or known to carry nothing');
    });

    test(`${format}: chosen by name, it reads the same`, () => {
      assert.equal(check(turn, { inputFormat: format }).outcome, check(turn).outcome);
    });
  }

  test('anthropic: an SDK call logged as {request, response} is read as its request then its response', () => {
    const [user, call, result, reply] = TURNS.anthropic.messages as Record<string, unknown>[];
    const tools = [{ name: 'create_reminder', description: 'Create a reminder', input_schema: { type: 'object', properties: { remind_at: { type: 'string' } } } }];
    const logged = {
      ...base,
      request: { model: 'claude-x', max_tokens: 1024, system: TURNS.anthropic.system, tools, messages: [user, call, result] },
      response: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: reply!.content, stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 5 } },
    };
    assert.equal(detectFormat(logged), 'anthropic');
    const twin = check(TURNS.anthropic);
    for (const label of [check(logged), check(logged, { inputFormat: 'anthropic' })]) {
      assert.equal(label.outcome, twin.outcome);
      assert.deepEqual(label.booleans, twin.booleans);
    }
    assert.deepEqual(warningsOf(logged), []);
    const { record } = adaptRecord(logged, 'auto', () => {});
    assert.deepEqual((record as { messages: { role: string }[] }).messages.map((m) => m.role), ['system', 'user', 'assistant', 'tool', 'assistant']);
    assert.deepEqual((record as { tools?: unknown }).tools, tools, 'the tools are kept on the record');
    // The response's own call, unanswered in the log, is the turn's call.
    const calling = { ...logged, request: { ...logged.request, messages: [user] }, response: { ...logged.response, content: call!.content } };
    assert.equal(check(calling).booleans.false_action_claim, false);
  });

  test('a {request, response} record that is not an Anthropic call is not read as one', () => {
    const openaiShaped = { id: 'o', request: { messages: [{ role: 'user', content: ASK }] }, response: { choices: [{ message: { role: 'assistant', content: REPLY } }] } };
    assert.equal(detectFormat(openaiShaped), 'openai');
    assert.throws(() => check(openaiShaped), CheckInputError);
  });

  test('langchain: the messages_to_dict form too', () => {
    assert.equal(detectFormat(LANGCHAIN_DICTS), 'langchain');
    assert.ok(['anchored', 'done_now'].includes(check(LANGCHAIN_DICTS).outcome));
  });

  test('a stream of mixed shapes: each line detected on its own, the format carried on its result', async () => {
    const lines = Object.values(TURNS).map((turn) => JSON.stringify(turn));
    const results = await run(lines);
    assert.deepEqual(
      results.map((r) => ('label' in r ? r.label.outcome : 'not labelled')),
      lines.map(() => 'anchored'),
    );
    assert.deepEqual(results.map((r) => r.notes?.format ?? 'openai'), Object.keys(TURNS));
  });
});

describe('tool results the source marks as failed are read as failed: the call performed nothing', () => {
  const failedCases: [string, Record<string, unknown>][] = [
    ['ai-sdk error-text', { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'create_reminder', input: ARGS }] }, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'create_reminder', output: { type: 'error-text', value: 'calendar offline' } }] }, { role: 'assistant', content: REPLY }] }],
    ['anthropic is_error', { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'create_reminder', input: ARGS }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: 'calendar offline', is_error: true }] }, { role: 'assistant', content: [{ type: 'text', text: REPLY }] }] }],
    ['langchain status error', { ...base, messages: [{ type: 'human', data: { content: ASK } }, { type: 'ai', data: { content: '', tool_calls: [{ name: 'create_reminder', args: ARGS, id: 'c' }] } }, { type: 'tool', data: { content: 'calendar offline', tool_call_id: 'c', status: 'error' } }, { type: 'ai', data: { content: REPLY } }] }],
  ];
  for (const [name, turn] of failedCases) {
    test(name, () => assert.equal(check(turn).outcome, 'false_claim'));
  }
});

describe('a content part nothing reads is a warning at its field', () => {
  const odd = { type: 'hologram', payload: 'x' };
  const cases: [InputFormat, Record<string, unknown>, string][] = [
    ['openai', { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: ASK }, odd] }, { role: 'assistant', content: REPLY }] }, 'messages[0].content[1]'],
    ['responses', { ...base, input: [{ role: 'user', content: [{ type: 'input_text', text: ASK }] }], output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: REPLY }, odd] }] }, 'output[0].content[1]'],
    ['ai-sdk', { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'create_reminder', input: ARGS }, odd] }, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'create_reminder', output: { type: 'text', value: 'ok' } }] }, { role: 'assistant', content: REPLY }] }, 'messages[1].content[1]'],
    ['anthropic', { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'text', text: REPLY }, odd] }] }, 'messages[1].content[1]'],
    ['langchain', { ...base, messages: [{ type: 'human', data: { content: ASK } }, { type: 'ai', data: { content: [{ type: 'text', text: REPLY }, odd] } }] }, 'messages[1].content[1]'],
  ];
  for (const [format, turn, field] of cases) {
    test(format, () => {
      const warnings = warningsOf(turn, format);
      assert.equal(warnings.length, 1, JSON.stringify(warnings));
      assert.equal(warnings[0]!.field, field);
      assert.match(warnings[0]!.message, /unknown content part "hologram"/);
    });
  }

  test('a stream puts the warning on the line it came from, and still labels the line', async () => {
    const [clean, warned] = await run([JSON.stringify(TURNS.openai), JSON.stringify(cases[3]![1])]);
    assert.equal(clean!.notes, undefined);
    assert.ok(warned && 'label' in warned);
    assert.deepEqual(warned.notes?.warnings.map((w) => w.field), ['messages[1].content[1]']);
  });

  test('images and files are known to carry no text: no warning', () => {
    const turn = { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: ASK }, { type: 'image', image: 'https://example.com/a.png' }, { type: 'file', data: 'x', mediaType: 'application/pdf' }] }, { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'create_reminder', input: ARGS }] }, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'create_reminder', output: { type: 'text', value: 'ok' } }] }, { role: 'assistant', content: REPLY }] };
    assert.deepEqual(warningsOf(turn), []);
  });
});

describe('the OpenAI format itself', () => {
  test('object-valued function.arguments are read as the JSON they stand for', () => {
    const { record } = adaptRecord(TURNS.openai, 'auto', () => assert.fail('no warning expected'));
    const call = (record as { messages: { tool_calls?: { function: { arguments: unknown } }[] }[] }).messages[1]!.tool_calls![0]!;
    assert.deepEqual(JSON.parse(call.function.arguments as string), ARGS);
  });

  test('a record with nothing to change is returned as it is, not copied', () => {
    const turn = { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: REPLY }] };
    assert.equal(adaptRecord(turn, 'auto', () => {}).record, turn);
  });

  test('a refusal part is read as the reply', () => {
    const turn = { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'refusal', refusal: "I can't set reminders." }] }] };
    assert.notEqual(check(turn).outcome, 'other');
  });

  test('arguments that are a list are still bad input at their field', () => {
    const turn = { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'create_reminder', arguments: [1] } }] }, { role: 'assistant', content: REPLY }] };
    assert.throws(() => check(turn), (error: unknown) => CheckInputError.isInstance(error) && error.field === 'messages[1].tool_calls[0].function.arguments');
  });
});

describe('hostile input stays bounded', () => {
  test('object arguments nested deeper than the stack are one problem at their field, and the next line is labelled', async () => {
    const DEPTH = 100_000;
    const deep = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
    const line = JSON.stringify(TURNS['ai-sdk']).replace(JSON.stringify(ARGS), deep);
    const [bad, good] = await run([line, JSON.stringify(TURNS.openai)]);
    assert.ok(bad && 'problem' in bad, JSON.stringify(bad));
    assert.equal(bad.problem.field, 'messages[2].content[1].input');
    assert.ok(good && 'label' in good);
  });

  test('many tool_use blocks in one LangChain message are read in linear time (no quadratic dedupe)', () => {
    const blocks = Array.from({ length: 20_000 }, (_, i) => ({ type: 'tool_use', id: `c${i}`, name: 'create_reminder', input: ARGS }));
    const { record } = adaptRecord({ ...base, messages: [{ type: 'human', data: { content: ASK } }, { type: 'ai', data: { content: blocks } }] }, 'langchain', () => {});
    assert.equal((record as { messages: { tool_calls?: unknown[] }[] }).messages[1]!.tool_calls!.length, 20_000);
  });
});

describe('conversations in another shape are read once, then split into turns', () => {
  test('checkConversation of an Anthropic log: tool results are not user turns', () => {
    const anthropic = TURNS.anthropic;
    const labels = checkConversation({ ...anthropic, messages: [...(anthropic.messages as unknown[]), { role: 'user', content: 'Thanks!' }, { role: 'assistant', content: 'You are welcome.' }] });
    assert.deepEqual(labels.map((l) => l.turn), [1, 2]);
    assert.ok(['anchored', 'done_now'].includes(labels[0]!.outcome));
  });

  test('checkJsonl --conversations of an AI SDK log', async () => {
    const results = await run([JSON.stringify(TURNS['ai-sdk'])], { conversations: true });
    assert.equal(results.length, 1);
    assert.ok(results[0] && 'label' in results[0] && results[0].label.outcome === 'anchored');
    assert.equal(results[0].notes?.format, 'ai-sdk');
  });
});

describe('a log that mixes shapes', () => {
  test('Chat Completions messages among Responses items keep their calls and results', () => {
    const turn = {
      ...base,
      messages: [
        { role: 'user', content: [{ type: 'input_text', text: ASK }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: ARGS } }] },
        { role: 'tool', tool_call_id: 'c1', content: JSON.stringify(RESULT) },
        { role: 'assistant', content: REPLY },
      ],
    };
    assert.equal(detectFormat(turn), 'responses');
    assert.equal(check(turn).outcome, 'anchored');
  });

  test('a Chat Completions call with object arguments among AI SDK messages', () => {
    const turn = {
      ...base,
      messages: [
        { role: 'user', content: [{ type: 'text', text: ASK }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: ARGS } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'create_reminder', output: { type: 'json', value: RESULT } }] },
        { role: 'assistant', content: REPLY },
      ],
    };
    assert.equal(detectFormat(turn), 'ai-sdk');
    assert.equal(check(turn).outcome, 'anchored');
  });
});

describe('values nested deeper than the stack, in each shape\'s object fields, are one problem at their field', () => {
  const DEPTH = 100_000;
  const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
  const deepList = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  const DEEP = '"__DEEP__"';
  const line = (value: unknown, deep: string) => JSON.stringify(value).replace(DEEP, deep);
  const cases: [string, unknown, string, string][] = [
    ['ai-sdk json output', { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'create_reminder', input: {} }] }, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'create_reminder', output: { type: 'json', value: '__DEEP__' } }] }, { role: 'assistant', content: REPLY }] }, deepObject, 'messages[2].content[0].output.value'],
    ['anthropic tool_use input', { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'create_reminder', input: '__DEEP__' }] }] }, deepObject, 'messages[1].content[0].input'],
    ['langchain args', { ...base, messages: [{ type: 'human', data: { content: ASK } }, { type: 'ai', data: { content: '', tool_calls: [{ name: 'create_reminder', args: '__DEEP__', id: 'c' }] } }] }, deepObject, 'messages[1].tool_calls[0].args'],
    ['responses function_call_output', { ...base, input: ASK, output: [{ type: 'function_call', call_id: 'c', name: 'create_reminder', arguments: '{}' }, { type: 'function_call_output', call_id: 'c', output: '__DEEP__' }] }, deepList, 'output[1].output'],
  ];
  for (const [name, record, deep, field] of cases) {
    test(name, async () => {
      const [bad, next] = await run([line(record, deep), JSON.stringify(TURNS.openai)]);
      assert.ok(bad && 'problem' in bad, JSON.stringify(bad).slice(0, 300));
      assert.equal(bad.problem.field, field);
      assert.ok(next && 'label' in next, 'the next line is still labelled');
    });
  }

  test('a cycle from a library caller is a CheckInputError, never a TypeError', () => {
    const input: Record<string, unknown> = { when: 'tomorrow' };
    input.self = input;
    const turn = { ...base, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'create_reminder', input }] }] };
    assert.throws(() => check(turn), (error: unknown) => CheckInputError.isInstance(error) && error.field === 'messages[1].content[0].input' && /got \{"when"/.test(error.message));
  });
});

describe('checkMany reads every shape on every path', () => {
  test('in this thread and on workers: the same labels, warnings naming their record', async () => {
    const { checkMany } = await import('../check-many.ts');
    const odd = { ...TURNS.anthropic, messages: [{ role: 'user', content: ASK }, { role: 'assistant', content: [{ type: 'text', text: REPLY }, { type: 'hologram' }] }] };
    const records = [...Object.values(TURNS), odd];
    const many = Array.from({ length: 300 }, (_, i) => records[i % records.length]);
    for (const jobs of [1, 2]) {
      const warnings: InputWarning[] = [];
      const results = await checkMany(jobs === 1 ? records : many, { jobs, onWarning: (w) => warnings.push(w) });
      const outcomes = results.slice(0, records.length).map((r) => ('label' in r ? r.label.outcome : r.error.message));
      assert.deepEqual(outcomes, ['anchored', 'anchored', 'anchored', 'anchored', 'anchored', 'false_claim'], `jobs ${jobs}`);
      assert.equal(warnings[0]?.field, 'records[5].messages[1].content[1]');
    }
  });
});

describe('tools the provider runs itself are not the deployment\'s: read as nothing, never a bad line', () => {
  const webSearch: [InputFormat, Record<string, unknown>][] = [
    ['anthropic', { ...TURNS.anthropic, messages: [...(TURNS.anthropic.messages as unknown[]).slice(0, 3), { role: 'assistant', content: [{ type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'rent due date' } }, { type: 'web_search_tool_result', tool_use_id: 'srv_1', content: [] }, { type: 'text', text: REPLY }] }] }],
    ['responses', { ...TURNS.responses, output: [{ type: 'web_search_call', id: 'ws_1', status: 'completed' }, ...(TURNS.responses.output as unknown[])] }],
    ['ai-sdk', { ...TURNS['ai-sdk'], messages: [...(TURNS['ai-sdk'].messages as unknown[]).slice(0, 4), { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'ws', toolName: 'web_search', input: { query: 'rent' }, providerExecuted: true }, { type: 'tool-result', toolCallId: 'ws', toolName: 'web_search', output: { type: 'json', value: [] } }, { type: 'text', text: REPLY }] }] }],
  ];
  for (const [format, turn] of webSearch) {
    test(format, () => {
      assert.equal(detectFormat(turn), format);
      assert.deepEqual(warningsOf(turn), []);
      assert.equal(check(turn).outcome, 'anchored');
    });
  }
});

test('the deprecated function_call and role function are read as a tool call and its result', () => {
  const turn = {
    ...base,
    messages: [
      { role: 'user', content: ASK },
      { role: 'assistant', content: null, function_call: { name: 'create_reminder', arguments: JSON.stringify(ARGS) } },
      { role: 'function', name: 'create_reminder', content: JSON.stringify(RESULT) },
      { role: 'assistant', content: REPLY },
    ],
  };
  assert.equal(detectFormat(turn), 'openai');
  assert.equal(check(turn).outcome, 'anchored');
  const failed = { ...turn, messages: turn.messages.map((m) => (m.role === 'function' ? { ...m, content: 'Error: calendar offline' } : m)) };
  assert.equal(check(failed).outcome, 'false_claim');
});
