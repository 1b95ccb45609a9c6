/**
 * Numeric ids read exactly: which numbers stand for one id, and the top-level id's digits as a
 * line wrote them.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { integerIdAsWritten, isExactId } from './exact-id.ts';

describe('isExactId', () => {
  test('integers up to 2^53 − 1 and fractions are exact; larger integers, NaN and infinities are not', () => {
    for (const n of [0, 7, -7, 2 ** 53 - 1, -(2 ** 53 - 1), 1.5]) assert.ok(isExactId(n), String(n));
    for (const n of [2 ** 53, 1.2345678901234568e22, -(2 ** 60), Number.NaN, Infinity, -Infinity]) assert.ok(!isExactId(n), String(n));
  });
});

describe('integerIdAsWritten', () => {
  test('the digits of the top-level id, with or without white space, negative too', () => {
    assert.equal(integerIdAsWritten('{"id":12345678901234567890123}'), '12345678901234567890123');
    assert.equal(integerIdAsWritten('{ "setup": "C0", "id" :\t-98765432109876543210 , "messages": [] }'), '-98765432109876543210');
  });

  test('only the top level: ids in messages, in nested objects and inside strings are skipped', () => {
    const line = '{"messages": [{"id": 1111111111111111111111, "content": "{\\"id\\": 2222222222222222222}"}], "meta": {"id": 3333333333333333333}, "note": "\\"id\\": 4", "id": 5555555555555555555}';
    assert.equal(integerIdAsWritten(line), '5555555555555555555');
  });

  test('the last top-level id wins, as in JSON.parse; a key spelled with escapes counts', () => {
    assert.equal(integerIdAsWritten('{"id": 11111111111111111111, "id": 22222222222222222222}'), '22222222222222222222');
    assert.equal(integerIdAsWritten('{"\\u0069d": 33333333333333333333}'), '33333333333333333333');
    assert.equal(integerIdAsWritten('{"id": 11111111111111111111, "id": "a string"}'), undefined);
  });

  test('a number that is not an integer written out is not read: an exponent, a fraction', () => {
    assert.equal(integerIdAsWritten('{"id": 1.2345678901234568e+22}'), undefined);
    assert.equal(integerIdAsWritten('{"id": 12345678901234567890.5}'), undefined);
    assert.equal(integerIdAsWritten('{"id": 1e400}'), undefined);
  });

  test('"id" as a value, not a key, is not an id', () => {
    assert.equal(integerIdAsWritten('{"name": "id", "x": 44444444444444444444}'), undefined);
  });
});
