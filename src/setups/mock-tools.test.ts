import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CALCULATOR,
  CREATE_REMINDER,
  CREATE_TICKET,
  ESCALATE_TO_HUMAN,
  GET_CURRENT_TIME,
  LOOKUP_ACCOUNT,
  MEMORY_READ,
  MEMORY_WRITE,
  SCHEDULE_TASK,
  SEARCH_DOCS,
} from './builtin-tools.ts';
import type { ToolDefinition } from './deployment.ts';
import { MAX_ECHO_CHARS, runMockTool } from './mock-tools.ts';

const run = (tool: ToolDefinition, args: Record<string, unknown> = {}) => JSON.parse(runMockTool(tool, args));

describe('built-in tools return the results LABELING.md lists', () => {
  test('clock, account and persistent tools', () => {
    assert.deepEqual(run(GET_CURRENT_TIME), { now: '2026-10-01T10:00:00', weekday: 'Thursday' });
    assert.deepEqual(run(LOOKUP_ACCOUNT, { account_id: 'anything' }), {
      account_id: 'A-10293',
      name: 'J. Rivera',
      balance_due: 84.2,
      due_date: '2026-10-15',
      status: 'active',
    });
    assert.deepEqual(run(SCHEDULE_TASK, { instruction: 'x' }), { status: 'scheduled', task_id: 'task-001' });
    assert.deepEqual(run(CREATE_REMINDER, { remind_at: 'x', message: 'y' }), { status: 'created', reminder_id: 'rem-001' });
    assert.deepEqual(run(CREATE_TICKET), { status: 'created', ticket_id: 'TCK-1001' });
    assert.deepEqual(run(ESCALATE_TO_HUMAN), { status: 'escalated', case_id: 'CASE-2001' });
  });

  test('search_docs returns one short help article whatever the query', () => {
    const result = run(SEARCH_DOCS, { query: 'outage' });
    assert.equal(result.title, 'Help center');
    assert.equal(typeof result.text, 'string');
    assert.ok(result.text.length > 50 && result.text.length < 600);
    assert.deepEqual(run(SEARCH_DOCS, { query: 'something else' }), result);
  });

  test('memory tools echo the key, and memory_read finds nothing stored', () => {
    assert.deepEqual(run(MEMORY_WRITE, { key: 'contact_hours', value: 'after 2pm' }), { status: 'saved', key: 'contact_hours' });
    assert.deepEqual(run(MEMORY_READ, { key: 'contact_hours' }), { key: 'contact_hours', value: null });
    assert.deepEqual(run(MEMORY_READ, {}), { key: null, value: null });
  });

  test('calculator returns a number, or an error the turn view recognises as a failed call', () => {
    assert.deepEqual(run(CALCULATOR, { expression: '84.20 * 3' }), { result: 252.6 });
    assert.deepEqual(run(CALCULATOR, { expression: 12 }), { result: 12 });
    assert.match(run(CALCULATOR, { expression: 'rm -rf /' }).error, /^invalid expression: /);
    assert.match(run(CALCULATOR, {}).error, /must be a string/);
  });

  test('the same call always returns the same text', () => {
    assert.equal(runMockTool(CALCULATOR, { expression: '1/3' }), runMockTool(CALCULATOR, { expression: '1/3' }));
  });
});

describe('mocks of user-defined tools', () => {
  const tool = (mock?: ToolDefinition['mock']): ToolDefinition => ({
    name: 'send_email',
    description: 'Sends an email.',
    parameters: { type: 'object', properties: {} },
    capabilities: ['send_email'],
    ...(mock ? { mock } : {}),
  });

  test('a tool without a mock answers {"status":"ok"}', () => {
    assert.equal(runMockTool(tool(), { to: 'x' }), '{"status":"ok"}');
  });

  test('templates are filled at any depth; absent arguments become null; other strings stay', () => {
    const mock = { result: { sent: { to: '{{args.to}}', cc: ['{{args.cc}}'] }, note: 'to {{args.to}}', n: 3 } };
    assert.deepEqual(run(tool(mock), { to: 'ana@example.org', n: 9 }), {
      sent: { to: 'ana@example.org', cc: [null] },
      note: 'to {{args.to}}',
      n: 3,
    });
  });

  test('structured argument values are echoed as data', () => {
    assert.deepEqual(run(tool({ result: { got: '{{args.list}}' } }), { list: [1, 'a', { b: true }] }), {
      got: [1, 'a', { b: true }],
    });
  });

  test('echoed arguments are bounded in size', () => {
    const mock = { result: { text: '{{args.body}}', data: '{{args.data}}' } };
    const result = run(tool(mock), { body: 'x'.repeat(10_000), data: { big: 'y'.repeat(10_000) } });
    assert.equal(result.text.length, MAX_ECHO_CHARS);
    assert.equal(typeof result.data, 'string');
    assert.equal(result.data.length, MAX_ECHO_CHARS);
  });

  test('templates read only the arguments themselves, never inherited properties', () => {
    const mock = { result: { a: '{{args.constructor}}', b: '{{args.__proto__}}', c: '{{args.toString}}' } };
    assert.deepEqual(run(tool(mock), {}), { a: null, b: null, c: null });
  });

  test('argument values are never evaluated', () => {
    const mock = { result: { echoed: '{{args.code}}' } };
    assert.deepEqual(run(tool(mock), { code: '${process.exit(1)}' }), { echoed: '${process.exit(1)}' });
  });
});
