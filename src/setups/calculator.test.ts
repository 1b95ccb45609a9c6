import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateArithmetic, MAX_EXPRESSION_LENGTH } from './calculator.ts';

const value = (expression: string) => {
  const result = evaluateArithmetic(expression);
  assert.ok(result.ok, `expected ${expression} to evaluate, got ${JSON.stringify(result)}`);
  return result.value;
};
const error = (expression: string) => {
  const result = evaluateArithmetic(expression);
  assert.ok(!result.ok, `expected ${expression} to fail, got ${JSON.stringify(result)}`);
  return result.error;
};

describe('the mocked calculator evaluates arithmetic', () => {
  test('follows operator precedence: ^ before * / %, before + -', () => {
    assert.equal(value('2 + 3 * 4'), 14);
    assert.equal(value('2 * 3 ^ 2'), 18);
    assert.equal(value('17 % 5 + 1'), 3);
    assert.equal(value('20 / 4 / 5'), 1);
    assert.equal(value('10 - 4 - 3'), 3);
  });

  test('^ is right-associative and binds tighter than unary minus', () => {
    assert.equal(value('2 ^ 3 ^ 2'), 512);
    assert.equal(value('-2 ^ 2'), -4);
    assert.equal(value('2 ^ -1'), 0.5);
  });

  test('handles parentheses, decimals, unary signs and spacing', () => {
    assert.equal(value('(84.20 - 20) * 1.05'), 67.41);
    assert.equal(value('.5 + 1.'), 1.5);
    assert.equal(value('-(3 - 5)'), 2);
    assert.equal(value('+4 * --2'), 8);
    assert.equal(value('  ( ( 1 ) )  '), 1);
  });

  test('rounds away binary noise so sums read as a person expects', () => {
    assert.equal(value('0.1 + 0.2'), 0.3);
    assert.equal(value('15 / 100 * 80'), 12);
  });

  test('reports invalid input instead of guessing', () => {
    assert.match(error(''), /empty expression/);
    assert.match(error('2 +'), /unexpected end of expression/);
    assert.match(error('(1 + 2'), /expected '\)'/);
    assert.match(error('2 (3)'), /unexpected "\(" at position 3/);
    assert.match(error('15% of 80'), /unexpected "o"/);
    assert.match(error('1 / 0'), /division by zero/);
    assert.match(error('1 % 0'), /modulo by zero/);
    assert.match(error('10 ^ 400'), /not a finite number/);
  });

  test('never runs code: identifiers and JavaScript are rejected', () => {
    for (const attack of ['process.exit(1)', 'globalThis', '1; while(true){}', 'constructor', '0x10', '1e3']) {
      assert.match(error(attack), /unexpected/, attack);
    }
  });

  test('bounds length and nesting so hostile input cannot exhaust the stack', () => {
    assert.match(error('1+'.repeat(MAX_EXPRESSION_LENGTH) + '1'), /longer than/);
    assert.match(error('('.repeat(300) + '1' + ')'.repeat(300)), /nested deeper/);
    assert.match(error('-'.repeat(500) + '1'), /nested deeper/);
  });
});
