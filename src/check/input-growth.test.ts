/**
 * The time to check a turn grows linearly with its untrusted sizes: doubling the blank lines of a
 * user message or reply, or the tool calls (each with its result), about doubles it. Quadratic
 * work (a rescan from every line start, a search of all earlier calls for each result) would
 * about quadruple it: 100,000 blank lines in a user message took 23 s, 200,000 calls 83 s.
 * The sizes here keep the quadratic cost measurable (a few seconds), the linear one a
 * millisecond or so, and a reply under the 50,000 characters the checker reads.
 */
import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage } from '../core/types.ts';
import { check } from './check.ts';
import { doubling } from './testing/doubling.ts';

/** Linear work gives about 2; quadratic about 4. */
const LINEAR_BOUND = 3.5;
/** Blank lines; tool calls are twice as many, since a search of earlier calls is cheap per step. */
const N = 8000;

/** A second measurement when the first is over the bound: a loaded machine can slow one size's rounds, never both measurements' (quadratic work is over it every time). */
const ATTEMPTS = 2;

function assertLinear(t: TestContext, prepare: (n: number) => () => unknown, n = N): void {
  let grown = doubling(prepare, n);
  for (let attempt = 1; attempt < ATTEMPTS && grown.ratio >= LINEAR_BOUND; attempt++) grown = doubling(prepare, n);
  const facts = `ratio ${grown.ratio.toFixed(2)}; least ${grown.atN.toFixed(3)} ms at n = ${n}, ${grown.at2N.toFixed(3)} ms at 2n; ${grown.repeats} runs a block`;
  t.diagnostic(facts);
  assert.ok(grown.ratio < LINEAR_BOUND, `doubling the input multiplied the time by more than ${LINEAR_BOUND}: ${facts}`);
}

const turn = (messages: ChatMessage[], setup = 'C0') => ({ id: 'big', setup, messages });

describe('checking a turn takes time linear in its size', () => {
  test('blank lines in the user message', (t) => {
    assertLinear(t, (n) => {
      const blank = `Remind me${'\n'.repeat(n)}tomorrow `;
      // A new message each run: the checker remembers what it found in a user message it saw before.
      let run = 0;
      return () => check(turn([{ role: 'user', content: `${blank}${run++}` }, { role: 'assistant', content: "I'll remind you." }]));
    });
  });

  test('blank lines in the reply', (t) => {
    assertLinear(t, (n) => {
      const record = turn([{ role: 'user', content: 'Remind me tomorrow.' }, { role: 'assistant', content: `I'll remind you${'\n'.repeat(n)}tomorrow.` }]);
      return () => check(record);
    });
  });

  test('blank lines broken with CRLF', (t) => {
    assertLinear(t, (n) => {
      const blank = `Remind me${'\r\n'.repeat(n)}tomorrow `;
      const reply = `I'll remind you${'\r\n'.repeat(n)}tomorrow.`;
      let run = 0;
      return () => check(turn([{ role: 'user', content: `${blank}${run++}` }, { role: 'assistant', content: reply }]));
    });
  });

  test('tool calls, each answered by one result', (t) => {
    assertLinear(t, (n) => {
      const messages: ChatMessage[] = [{ role: 'user', content: 'What time is it?' }];
      for (let i = 0; i < n; i++) {
        messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'get_current_time', arguments: '{}' } }] });
        messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: '{"now":"2026-10-01T10:00:00"}' });
      }
      messages.push({ role: 'assistant', content: 'It is 10:00.' });
      const record = turn(messages, 'C1');
      return () => check(record);
    }, 2 * N);
  });
});
