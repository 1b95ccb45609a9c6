import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Store, type ResponseRow } from '../store/index.ts';
import type { LabelRecord } from '../core/types.ts';
import { BOOLEAN_COLUMNS, LABEL_COLUMNS, csvField, exportRun } from './export.ts';
import { RESPONSE_FIELDS } from './response-record.ts';

function row(id: string, error: string | null): ResponseRow {
  return {
    response_id: id,
    request_id: 'rq-1',
    model: 'openai:m',
    setup: 'C0',
    variant: 'inferred',
    persona: 'generic',
    fix: 'none',
    sample: 0,
    category: 'reminder',
    messages: [{ role: 'user', content: 'Remind me, "please",\nat 9' }, { role: 'assistant', content: 'Sure' }],
    usage: { total_tokens: 2 },
    latency_ms: 5,
    error,
  };
}

async function exported(store: Store, format: 'jsonl' | 'csv', engine?: string): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  await exportRun(store, 'r', format, out, engine === undefined ? {} : { engine });
  return text;
}

async function storeWithTwo(): Promise<Store> {
  const store = await Store.open(':memory:');
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  await store.saveResponse(id, row('a', null));
  await store.saveResponse(id, row('b', 'server (HTTP 500): boom'));
  return store;
}

test('jsonl export writes response records with exactly the SPEC fields, error only when set', async () => {
  const lines = (await exported(await storeWithTwo(), 'jsonl')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.deepEqual(Object.keys(lines[0]!), RESPONSE_FIELDS.filter((f) => f !== 'error'));
  assert.deepEqual(Object.keys(lines[1]!), [...RESPONSE_FIELDS]);
  assert.equal(lines[0]!.run, 'r');
  assert.equal(lines[0]!.request, 'rq-1');
  assert.equal(lines[1]!.error, 'server (HTTP 500): boom');
});

test('csv export: header, one row per response, JSON text for messages, RFC 4180 quoting', async () => {
  const text = await exported(await storeWithTwo(), 'csv');
  assert.ok(text.startsWith(`\ufeff${RESPONSE_FIELDS.join(',')},final_reply,${LABEL_COLUMNS.join(',')}\r\n`), 'a UTF-8 byte-order mark, the record fields, final_reply, then the label columns');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField(null), '');
  assert.equal(csvField(3), '3');
  // The messages cell is the JSON text, quoted because it holds commas and quotes.
  const messages = JSON.stringify(row('a', null).messages);
  assert.ok(text.includes(csvField(messages)));
  // No engine asked for: the label columns are there, and empty.
  assert.ok(text.trimEnd().endsWith(`,server (HTTP 500): boom,Sure${','.repeat(LABEL_COLUMNS.length)}`));
});

test('csv final_reply is the reply the user read; a reply that a spreadsheet would run as a formula is defused', async () => {
  const store = await Store.open(':memory:');
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  const turn = (id: string, final: string): ResponseRow => ({
    ...row(id, null),
    messages: [
      { role: 'user', content: 'Remind me at 9' },
      { role: 'assistant', content: 'Let me set that.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"status":"created"}' },
      { role: 'assistant', content: [{ type: 'text', text: final }] },
    ],
  });
  await store.saveResponse(id, turn('a', 'Café reminder set, à 9h.'));
  await store.saveResponse(id, turn('b', '=HYPERLINK("http://x")'));
  const rows = (await exported(store, 'csv')).trimEnd().split('\r\n');
  const empty = ','.repeat(LABEL_COLUMNS.length);
  assert.ok(rows[1]!.endsWith(`,"Café reminder set, à 9h."${empty}`), rows[1]);
  assert.ok(rows[2]!.endsWith(`,"'=HYPERLINK(""http://x"")"${empty}`), rows[2]);
});

function labelled(id: string, outcome: LabelRecord['outcome'], declines: boolean): LabelRecord {
  return { id, outcome, failure: outcome === 'empty', commitments: [], booleans: { false_action_claim: false, declines_request: declines, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, engine: { detector: 'rules@9', judge: 'rules@9' } };
}

async function storeWithLabels(): Promise<Store> {
  const store = await Store.open(':memory:');
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  await store.saveResponse(id, row('a', null), { response_id: 'a', engine: 'rules@9', prompt_hashes: {}, label: labelled('a', 'deferral', true) });
  await store.saveResponse(id, row('b', 'server (HTTP 500): boom'));
  await store.saveJudgments(id, [{ response_id: 'a', engine: 'llm@2', prompt_hashes: {}, label: labelled('a', 'empty', false) }]);
  return store;
}

test('label columns: the chosen engine\'s outcome, five booleans and id; empty for a response it did not label', async () => {
  const store = await storeWithLabels();
  const csv = (await exported(store, 'csv', 'rules@9')).split('\r\n');
  const header = csv[0]!.replace('\ufeff', '').split(',');
  const cells = (line: string) => Object.fromEntries(LABEL_COLUMNS.map((c, i) => [c, line.split(',').slice(-LABEL_COLUMNS.length)[i]]));
  assert.deepEqual(header.slice(-LABEL_COLUMNS.length), [...LABEL_COLUMNS]);
  assert.deepEqual(cells(csv[1]!), { outcome: 'deferral', false_action_claim: 'false', declines_request: 'true', hands_back_to_user: 'false', did_task_now: 'false', asks_clarification: 'false', engine: 'rules@9' });
  assert.deepEqual(Object.values(cells(csv[2]!)), LABEL_COLUMNS.map(() => ''), 'the errored response has no label');

  const other = (await exported(store, 'csv', 'llm@2')).split('\r\n');
  assert.equal(cells(other[1]!).outcome, 'empty');

  const jsonl = (await exported(store, 'jsonl', 'rules@9')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  // Additive: the record's own fields first and unchanged, the label columns after them.
  assert.deepEqual(Object.keys(jsonl[0]!), [...RESPONSE_FIELDS.filter((f) => f !== 'error'), ...LABEL_COLUMNS]);
  assert.deepEqual([jsonl[0]!.outcome, jsonl[0]!.declines_request, jsonl[0]!.engine], ['deferral', true, 'rules@9']);
  for (const b of BOOLEAN_COLUMNS) assert.equal(typeof jsonl[0]![b], 'boolean', b);
  assert.deepEqual(LABEL_COLUMNS.map((c) => jsonl[1]![c]), LABEL_COLUMNS.map(() => null));
  // No engine: JSON Lines records are exactly the SPEC fields.
  const plain = (await exported(store, 'jsonl')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.deepEqual(Object.keys(plain[0]!), RESPONSE_FIELDS.filter((f) => f !== 'error'));
});

test('csv: every text cell a spreadsheet would run as a formula is defused, not only final_reply; numbers stay numbers', async () => {
  const store = await Store.open(':memory:');
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  const starts = ['=HYPERLINK("http://x")', '+SUM(1)', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
  for (const [i, start] of starts.entries()) {
    await store.saveResponse(id, { ...row(`${start}-${i}`, start), request_id: start, model: start, category: start as ResponseRow['category'] });
  }
  const rows = (await exported(store, 'csv')).split('\r\n').slice(1, -1);
  assert.equal(rows.length, starts.length);
  for (const line of rows) {
    // A cell starts at the line's start or after a separating comma, maybe inside quotes.
    assert.doesNotMatch(line, /(^|,)"?[=+\-@\t\r]/, JSON.stringify(line));
    assert.match(line, /(^|,)"?'[=+\-@\t\r]/);
  }
  assert.equal(csvField(-3), '-3');
  assert.equal(csvField('-'), "'-");
});
