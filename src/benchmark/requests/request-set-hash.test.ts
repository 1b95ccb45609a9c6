import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { requestSetHash } from './request-set-hash.ts';
import { validateRequestsText } from './validate-requests.ts';
import { jsonl, validRecord } from './test-helpers.ts';

const a = validRecord({ id: 'h-1' });
const b = validRecord({ id: 'h-2' });

test('the hash is 12 hex digits and the same for text and for its records', () => {
  const text = jsonl([a, b]);
  const hash = requestSetHash(text);
  assert.match(hash, /^[0-9a-f]{12}$/);
  assert.equal(requestSetHash([a, b]), hash);
});

test('key order, spacing and blank lines do not change the hash', () => {
  const reordered = Object.fromEntries(Object.entries(a).reverse());
  const spaced = `${JSON.stringify(reordered, null, 0).replace(/,/g, ', ')}\n\n${JSON.stringify(b)}\n`;
  assert.equal(requestSetHash(spaced), requestSetHash(jsonl([a, b])));
});

test('any change of a value or of the order changes the hash', () => {
  const base = requestSetHash([a, b]);
  assert.notEqual(requestSetHash([b, a]), base);
  assert.notEqual(requestSetHash([{ ...a, request: `${String(a.request)}!` }, b]), base);
  assert.notEqual(requestSetHash([a]), base);
});

test('parsed v1 records hash to the same version as the committed file', async () => {
  const text = await readFile(new URL('../../../data/requests/v1.jsonl', import.meta.url), 'utf8');
  const { records } = validateRequestsText(text, 'v1.jsonl');
  assert.equal(requestSetHash(records), requestSetHash(text));
});

test('text that is not JSON Lines throws instead of hashing', () => {
  assert.throws(() => requestSetHash('{"id": 1}\nnot json\n'), SyntaxError);
});
