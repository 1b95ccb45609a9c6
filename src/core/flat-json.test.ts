/**
 * readFlatObject against JSON.parse: on thousands of random texts (flat objects, nested ones,
 * near-JSON with one character changed), whatever it reads as flat parses to the same object
 * JSON.parse builds, and its failure verdict is the one reportsError gives from that object.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_STATUSES, FAILURE_CODE, FLAT, FLAT_FAILURE, NOT_FLAT, readFlatObject } from './flat-json.ts';
import { reportsError } from './turn.ts';

/** mulberry32, so a failure can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What reportsError decided before it read flat objects itself: JSON.parse, then the fields. */
function reportsFailureParsed(value: Record<string, unknown>): boolean {
  if (value.error !== undefined && value.error !== null && value.error !== false) return true;
  if (typeof value.status === 'string' && ERROR_STATUSES.has(value.status.toLowerCase())) return true;
  for (const key of ['status', 'status_code', 'statusCode']) {
    const code = value[key];
    if (typeof code === 'number' && code >= 400 && code < 600) return true;
  }
  if (typeof value.errors === 'string' && value.errors !== '') return true;
  for (const key of ['result', 'outcome']) if (typeof value[key] === 'string' && ERROR_STATUSES.has((value[key] as string).toLowerCase())) return true;
  if (typeof value.code === 'string' && FAILURE_CODE.test(value.code)) return true;
  if (typeof value.code === 'number' && value.code >= 400 && value.code < 600) return true;
  for (const key of ['errorCode', 'error_code', 'errorMessage', 'error_message']) {
    const v = value[key];
    if (v !== undefined && v !== null && v !== false && v !== 0 && v !== '') return true;
  }
  for (const key of ['fault', 'faultstring']) if (value[key] !== undefined && value[key] !== null && value[key] !== false) return true;
  return value.ok === false || value.success === false;
}

function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

const KEYS = ['error', 'status', 'ok', 'success', 'message', 'task_id', 'result', 'Error', 'errors', 'stat', 'o', '', 'naïve key', 'status ', '__proto__', 'status_code', 'statusCode', 'status_codes', 'statusCodes', 'code', 'result', 'outcome', 'errorCode', 'error_code', 'errorMessage', 'error_message', 'fault', 'faultstring', 'codes'];
const STRINGS = ['DEADLINE_PASSED', 'ORDER_CREATED', 'card_declined', 'OK', 'declined', 'not_found', 'error', 'ERROR', 'Failed', 'failure', 'rejected', 'unavailable', 'created', 'scheduled', '', 'ok', 'errör', 'İ', 'x y', 'line\u2028sep', '\u00e9t\u00e9', '\ud83d\ude00', '\ud800'];
const NUMBERS = ['404', '500', '599', '600', '399', '200', '4e2', '422.5', '0', '-0', '7', '-12', '3.25', '1e3', '1E-2', '2.5e+10', '01', '1.', '.5', '-', '1e', '+1', '0x1', '1.2.3', 'NaN', 'Infinity'];
const LITERALS = ['true', 'false', 'null', 'tru', 'nul', 'False', 'None', 'undefined'];
const NESTED = ['{}', '{"error":true}', '[]', '[false]', '{"a":{"b":1}}'];
const SPACES = ['', ' ', '\n', '\t', '\r\n', '  ', '\u00a0', '\v', '\f', '\u2028'];
const NOISE = ['"', '\\', ',', ':', '{', '}', '[', ']', ' ', 'a', '0', '\u0001', '\n', '-', 'e', '.'];

function randomText(random: () => number): string {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const space = () => (random() < 0.7 ? '' : pick(SPACES));
  const quoted = (s: string) => (random() < 0.9 ? JSON.stringify(s) : `"${s}"`);
  const value = () => {
    const r = random();
    if (r < 0.45) return quoted(pick(STRINGS));
    if (r < 0.7) return pick(NUMBERS);
    if (r < 0.9) return pick(LITERALS);
    return pick(NESTED);
  };
  const fields = Array.from({ length: Math.floor(random() * 5) }, () => `${space()}${quoted(pick(KEYS))}${space()}:${space()}${value()}${space()}`);
  let text = `${space()}{${fields.join(',')}${fields.length === 0 ? space() : ''}}${space()}`;
  // Sometimes one character is changed, added or removed: near-JSON is where a reader goes wrong.
  const edits = random() < 0.5 ? 0 : 1 + Math.floor(random() * 2);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (text.length + 1));
    const r = random();
    if (r < 0.4) text = text.slice(0, at) + pick(NOISE) + text.slice(at);
    else if (r < 0.7) text = text.slice(0, at) + text.slice(at + 1);
    else text = text.slice(0, at) + pick(NOISE) + text.slice(at + 1);
  }
  return text;
}

describe('readFlatObject', () => {
  test('agrees with JSON.parse on 40,000 random texts, and reads most flat objects itself', () => {
    const random = rng(20261201);
    let flat = 0;
    let flatJson = 0;
    for (let k = 0; k < 40_000; k++) {
      const text = randomText(random);
      const reading = readFlatObject(text);
      const json = parsed(text);
      const isFlatObject =
        json !== undefined && json.value !== null && typeof json.value === 'object' && !Array.isArray(json.value) && Object.values(json.value).every((v) => v === null || typeof v !== 'object');
      // Surely flat and without escapes: one brace, no bracket, no backslash anywhere in the text.
      if (isFlatObject && !/[\\[]/.test(text) && text.indexOf('{') === text.lastIndexOf('{')) {
        flatJson++;
        assert.notEqual(reading, NOT_FLAT, `a flat object left to JSON.parse: ${JSON.stringify(text)}`);
      }
      if (reading === NOT_FLAT) continue;
      flat++;
      assert.ok(isFlatObject, `read as flat but JSON.parse says otherwise: ${JSON.stringify(text)}`);
      const expected = reportsFailureParsed(json.value as Record<string, unknown>) ? FLAT_FAILURE : FLAT;
      assert.equal(reading, expected, `failure verdict for ${JSON.stringify(text)}`);
    }
    assert.ok(flatJson > 5_000, `only ${flatJson} texts were flat objects: the generator no longer tests much`);
    assert.ok(flat >= flatJson);
  });

  test('what it leaves to JSON.parse', () => {
    for (const text of ['{"a":{"b":1}}', '{"a":[1]}', '{"a":"x\\"y"}', '{"a":1,}', '{"a" 1}', '{"a":01}', '[1]', '{"a":1} x', '\u00a0{}', '{"a":"\u0001"}', '', '{']) {
      assert.equal(readFlatObject(text), NOT_FLAT, JSON.stringify(text));
    }
  });

  test('reportsError gives the same verdict through either path', () => {
    assert.equal(reportsError('{"status":"ERROR","message":"x"}'), true);
    assert.equal(reportsError('{"status":"created","status":"failed"}'), true, 'a repeated key counts by its last value');
    assert.equal(reportsError('{"status":"failed","status":"created"}'), false);
    assert.equal(reportsError('{"error":0}'), true);
    assert.equal(reportsError('{"error":null,"ok":true}'), false);
    assert.equal(reportsError('{"success":false}'), true);
    assert.equal(reportsError('{"result":{"error":"nested"}}'), true, 'a wrapper one level down counts too (JSON.parse path; LABELING.md rule 21)');
    assert.equal(reportsError('{"items":[{"error":"nested"}]}'), false, 'records in a list are data, not the answer');
    assert.equal(reportsError('{"error":"a \\"quoted\\" reason"}'), true, 'an escape goes to JSON.parse');
  });
});
