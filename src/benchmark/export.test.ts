import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Store, type ResponseRow } from '../store/index.ts';
import { csvField, exportRun } from './export.ts';
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

async function exported(store: Store, format: 'jsonl' | 'csv'): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  await exportRun(store, 'r', format, out);
  return text;
}

function storeWithTwo(): Store {
  const store = Store.open(':memory:');
  const { id } = store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  store.saveResponse(id, row('a', null));
  store.saveResponse(id, row('b', 'server (HTTP 500): boom'));
  return store;
}

test('jsonl export writes response records with exactly the SPEC fields, error only when set', async () => {
  const lines = (await exported(storeWithTwo(), 'jsonl')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.deepEqual(Object.keys(lines[0]!), RESPONSE_FIELDS.filter((f) => f !== 'error'));
  assert.deepEqual(Object.keys(lines[1]!), [...RESPONSE_FIELDS]);
  assert.equal(lines[0]!.run, 'r');
  assert.equal(lines[0]!.request, 'rq-1');
  assert.equal(lines[1]!.error, 'server (HTTP 500): boom');
});

test('csv export: header, one row per response, JSON text for messages, RFC 4180 quoting', async () => {
  const text = await exported(storeWithTwo(), 'csv');
  assert.ok(text.startsWith(`\ufeff${RESPONSE_FIELDS.join(',')},final_reply\r\n`), 'a UTF-8 byte-order mark, the record fields, then final_reply');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField(null), '');
  assert.equal(csvField(3), '3');
  // The messages cell is the JSON text, quoted because it holds commas and quotes.
  const messages = JSON.stringify(row('a', null).messages);
  assert.ok(text.includes(csvField(messages)));
  assert.ok(text.trimEnd().endsWith(',server (HTTP 500): boom,Sure'));
});

test('csv final_reply is the reply the user read; a reply that a spreadsheet would run as a formula is defused', async () => {
  const store = Store.open(':memory:');
  const { id } = store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  const turn = (id: string, final: string): ResponseRow => ({
    ...row(id, null),
    messages: [
      { role: 'user', content: 'Remind me at 9' },
      { role: 'assistant', content: 'Let me set that.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"status":"created"}' },
      { role: 'assistant', content: [{ type: 'text', text: final }] },
    ],
  });
  store.saveResponse(id, turn('a', 'Café reminder set, à 9h.'));
  store.saveResponse(id, turn('b', '=HYPERLINK("http://x")'));
  const rows = (await exported(store, 'csv')).trimEnd().split('\r\n');
  assert.ok(rows[1]!.endsWith(',"Café reminder set, à 9h."'), rows[1]);
  assert.ok(rows[2]!.endsWith(`,"'=HYPERLINK(""http://x"")"`), rows[2]);
});
