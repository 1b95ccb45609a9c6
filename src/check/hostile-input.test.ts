/**
 * Hostile values in a turn record's checked fields: nesting deeper than the stack, cycles and
 * BigInts from library callers, a `__proto__` key, and integer ids too large for a double. Each is
 * bad input (a `CheckInputError` naming the field) or read exactly; none stops a stream, and the
 * lines around a bad one are still labelled.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from './check.ts';
import { checkJsonl, type LineResult } from './check-jsonl.ts';
import { CheckInputError } from './check-input-error.ts';
import { checkConversation } from './conversations.ts';

const user = { role: 'user', content: 'Remind me to pay rent tomorrow.' };
const reply = { role: 'assistant', content: "I'll remind you tomorrow morning." };
const record = (fields: Record<string, unknown> = {}) => ({ id: 't', setup: 'C0', messages: [user, reply], ...fields });
const callTurn = (call: Record<string, unknown>) => record({ setup: 'C2', messages: [user, { role: 'assistant', content: null, tool_calls: [call] }, reply] });

async function run(lines: string[], options: { setup?: string } = {}): Promise<LineResult[]> {
  const results: LineResult[] = [];
  for await (const result of checkJsonl(lines, options)) results.push(result);
  return results;
}

/** One word per result: `label <id>`, `problem <field>`, `errored`, `not_labelled` or `failed`. */
function summary(results: LineResult[]): string[] {
  return results.map((r) => `${r.line} ${'label' in r ? `label ${r.label.id}` : 'problem' in r ? `problem ${r.problem.field}` : 'errored' in r ? 'errored' : 'notLabelled' in r ? 'not_labelled' : 'failed'}`);
}

/** The facts of the CheckInputError `f` throws. */
function rejection(f: () => unknown): { field: string; message: string } {
  try {
    f();
  } catch (error) {
    assert.ok(CheckInputError.isInstance(error), `expected a CheckInputError, got ${String(error)}`);
    return { field: error.field, message: error.message };
  }
  assert.fail('expected the record to be rejected');
}

describe('nesting deeper than the stack in a checked field is one problem at its line', () => {
  const DEPTH = 100_000;
  const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  const DEEP = '"__DEEP__"';
  const line = (value: unknown) => JSON.stringify(value).replace(DEEP, deep);
  const call = (fields: Record<string, unknown>) => ({ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{}' }, ...fields });
  const cases: [string, string, string][] = [
    ['id', line(record({ id: '__DEEP__' })), 'id'],
    ['setup', line(record({ setup: '__DEEP__' })), 'setup'],
    ['persona', line(record({ persona: '__DEEP__' })), 'persona'],
    ['category', line(record({ category: '__DEEP__' })), 'category'],
    ['doable', line(record({ doable: '__DEEP__' })), 'doable'],
    ['role', line(record({ messages: [user, { role: '__DEEP__', content: 'x' }] })), 'messages[1].role'],
    ['a call id', line(callTurn(call({ id: '__DEEP__' }))), 'messages[1].tool_calls[0].id'],
    ['non-string arguments', line(callTurn(call({ function: { name: 'create_reminder', arguments: '__DEEP__' } }))), 'messages[1].tool_calls[0].function.arguments'],
    ["a part's text", line(record({ messages: [{ role: 'user', content: [{ type: 'text', text: '__DEEP__' }] }, reply] })), 'messages[0].content[0].text'],
    ['messages as an object', line(record({ messages: { list: '__DEEP__' } })), 'messages'],
    ['a top-level array', deep, '(record)'],
    ['tool_calls as an object', line(record({ messages: [user, { role: 'assistant', content: null, tool_calls: { first: '__DEEP__' } }] })), 'messages[1].tool_calls'],
    ["an inline setup's tools", line(record({ setup: { id: 'mine', tools: '__DEEP__' } })), 'setup.tools[0]'],
  ];

  for (const [name, bad, field] of cases) {
    test(name, async () => {
      assert.ok(bad.length >= 2 * DEPTH, 'the line holds the nesting');
      const results = await run([JSON.stringify(record({ id: 'before' })), bad, JSON.stringify(record({ id: 'after' }))]);
      assert.deepEqual(summary(results), ['1 label before', `2 problem ${field}`, '3 label after']);
      const { message } = (results[1] as { problem: { message: string } }).problem;
      assert.match(message, /^[^(]+ \(expected .+, got .+\)$/, 'problem (expected …, got …)');
      assert.ok(message.length < 400, `a bounded line, not the value: ${message.length} characters`);
    });
  }

  test('error: an errored response, rendered bounded; the lines before and after it are labelled', async () => {
    const lines = [...Array.from({ length: 40 }, (_, i) => JSON.stringify(record({ id: `b${i}` }))), line(record({ error: '__DEEP__' })), JSON.stringify(record({ id: 'after' }))];
    const results = await run(lines);
    assert.equal(results.length, 42);
    assert.deepEqual(summary(results).slice(39), ['40 label b39', '41 errored', '42 label after']);
    const { error } = (results[40] as { errored: { error: string } }).errored;
    assert.ok(error.startsWith('[[[[') && error.length < 2000, `bounded: ${error.length} characters`);
  });

  test('a whole conversation record with a deep id is one problem too', () => {
    const deepId = JSON.parse(line({ id: '__DEEP__', messages: [user, reply] })) as unknown;
    assert.equal(rejection(() => checkConversation(deepId)).field, 'id');
  });
});

describe('check() given values JSON cannot hold (library callers) throws CheckInputError, never TypeError', () => {
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['a BigInt id', record({ id: 10n }), 'id', /got 10n\)$/],
    ['a cyclic id', record({ id: cyclic }), 'id', /got \{"name":"loop","self":\[cycle\]\}\)$/],
    ['a BigInt persona', record({ persona: 1n }), 'persona', /got 1n\)$/],
    ['a cyclic role', record({ messages: [user, { role: cyclic, content: 'x' }] }), 'messages[1].role', /got \{"name":"loop"/],
    ['cyclic arguments', callTurn({ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: cyclic } }), 'messages[1].tool_calls[0].function.arguments', /got \{"name":"loop"/],
    ['a BigInt call id', callTurn({ id: 5n, type: 'function', function: { name: 'create_reminder', arguments: '{}' } }), 'messages[1].tool_calls[0].id', /got 5n\)$/],
    ['a cyclic setup', record({ setup: [cyclic] }), 'setup', /got \[\{"name":"loop"/],
  ];
  for (const [name, turn, field, got] of cases) {
    test(name, () => {
      const { field: named, message } = rejection(() => check(turn));
      assert.equal(named, field);
      assert.match(message, got);
    });
  }

  test('a cycle or BigInt in an x- field of an inline deployment (the user\'s own) is kept and ignored', () => {
    const tools = [{ name: 'open_case', description: 'Opens a case that a support engineer picks up.', capabilities: ['delegate_to_human'] }];
    const looped: Record<string, unknown> = { id: 'helpdesk', tools, 'x-note': 5n };
    looped['x-self'] = looped;
    assert.equal(check(record({ setup: looped })).id, 't');
  });

  test('an unknown key holding a cycle in an inline deployment is one problem naming the key, never a TypeError', () => {
    const tools = [{ name: 'open_case', description: 'Opens a case that a support engineer picks up.', capabilities: ['delegate_to_human'] }];
    const looped: Record<string, unknown> = { id: 'helpdesk', tools };
    looped.self = looped;
    assert.equal(rejection(() => check(record({ setup: looped }))).field, 'setup.self');
  });

  test('a cycle in a field that is not read is no concern of the checker', () => {
    assert.equal(check(record({ extra: cyclic })).id, 't');
  });
});

describe('a "__proto__" key is a field like any other, never the copy\'s prototype', () => {
  const probe = '{"id": 7, "__proto__": {"setup": "C2"}, "messages": [{"role": "user", "content": "Remind me tomorrow"}, {"role": "assistant", "content": "I will remind you tomorrow."}]}';

  test('the probe: a numeric id (so the record is copied) and __proto__ naming C2 is labelled under the default setup', async () => {
    const [result] = await run([probe], { setup: 'C0' });
    assert.ok(result && 'label' in result);
    assert.equal(result.label.id, '7');
    assert.equal(result.label.outcome, 'empty', 'C0 has no reminder tool: under C2 it would be unanchored');
  });

  test('without a default setup it is a missing setup, not C2', () => {
    assert.equal(rejection(() => check(JSON.parse(probe))).field, 'setup');
  });

  test('numeric call ids (the other reason for a copy) keep it inert too', () => {
    const line = JSON.stringify(callTurn({ id: 1, type: 'function', function: { name: 'create_reminder', arguments: '{}' } }));
    const turn = JSON.parse(line.replace('"setup":"C2"', '"__proto__":{"setup":"C2"}')) as unknown;
    assert.equal(rejection(() => check(turn)).field, 'setup');
    assert.equal(check(turn, { setup: 'C2' }).id, 't');
  });
});

describe('integer ids too large for a double are read exactly or refused, never two records under one id', () => {
  const big = (id: string) => JSON.stringify(record({ id: '__ID__' })).replace('"__ID__"', id);

  test('the probe: two 23-digit ids that collapse to one double keep their own digits', async () => {
    const results = await run([big('12345678901234567890123'), big('12345678901234567890124'), big('-90071992547409931')]);
    assert.deepEqual(summary(results), ['1 label 12345678901234567890123', '2 label 12345678901234567890124', '3 label -90071992547409931']);
  });

  test('ids a double holds exactly read as before: 7 → "7", 2^53 − 1, 1.5, 1e3 → "1000"', async () => {
    const results = await run([big('7'), big('9007199254740991'), big('1.5'), big('1e3')]);
    assert.deepEqual(summary(results), ['1 label 7', '2 label 9007199254740991', '3 label 1.5', '4 label 1000']);
  });

  test('the raw id is the top-level one: an "id" inside a message or a string does not count, the last top-level one does', async () => {
    const line = `{"messages": [{"role": "user", "content": "\\"id\\": 1", "id": 99999999999999999999}, {"role": "assistant", "content": "ok"}], "setup": "C0", "id": 11111111111111111111, "id": 22222222222222222222}`;
    assert.deepEqual(summary(await run([line])), ['1 label 22222222222222222222']);
  });

  test('a large id written with an exponent cannot be read exactly: one problem naming it', async () => {
    const results = await run([big('1.2345678901234568e+22'), big('1e400')]);
    assert.deepEqual(summary(results), ['1 problem id', '2 problem id']);
    assert.match((results[0] as { problem: { message: string } }).problem.message, /^not an exact number \(expected a string id, or a number up to 2\^53 − 1, got 1\.2345678901234568e\+22\)$/);
  });

  test('check() refuses a number that is not exactly the id it stands for', () => {
    assert.equal(rejection(() => check(record({ id: 2 ** 60 }))).field, 'id');
    assert.equal(rejection(() => check(record({ id: Number.NaN }))).field, 'id');
    assert.equal(rejection(() => checkConversation(record({ id: 2 ** 60 }))).field, 'id', 'a conversation id too');
  });

  test('call ids too large for a double are refused, since two calls could answer as one', () => {
    const line = JSON.stringify(callTurn({ id: '__ID__', type: 'function', function: { name: 'create_reminder', arguments: '{}' } })).replace('"__ID__"', '12345678901234567890123');
    const { field, message } = rejection(() => check(JSON.parse(line)));
    assert.equal(field, 'messages[1].tool_calls[0].id');
    assert.match(message, /not an exact number/);
  });
});
