/**
 * Turns the rules cannot judge: a record with no reply and a reply not in English are
 * `not_labelled` records, counted in the summary and in no rate, never `other`; a malformed record
 * is still bad input, and a turn that only calls tools still has something to judge.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkJsonl, OutcomeTally, type LineResult } from './check-jsonl.ts';
import { resultText } from './result-text.ts';
import { notLabelledReason } from './unjudgeable.ts';
import { rulesEngine } from './engines/rules-engine.ts';
import type { CheckEngine } from './engines/engine.ts';

/** The rules engine under another kind's name, counting the turns it is asked to label: a stand-in for a model engine, offline. */
function countingEngine(kind: CheckEngine['kind']): { engine: CheckEngine; asked: () => number } {
  const rules = rulesEngine();
  let asked = 0;
  const engine: CheckEngine = { ...rules, kind, label: (turn, options) => { asked++; return rules.label(turn, options); } };
  return { engine, asked: () => asked };
}

const ASK = { role: 'user', content: 'Remind me to pay rent tomorrow morning.' };
const CALL = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{"remind_at":"2026-10-02T09:00:00","message":"Pay rent"}' } }] };
const RESULT = { role: 'tool', tool_call_id: 'c1', content: '{"status":"created"}' };
const turn = (id: string, ...after: unknown[]) => JSON.stringify({ id, setup: 'C2', messages: [ASK, ...after] });

async function run(lines: string[], options: { conversations?: boolean } = {}): Promise<LineResult[]> {
  const results: LineResult[] = [];
  for await (const result of checkJsonl(lines, options)) results.push(result);
  return results;
}

const shape = (r: LineResult): string => ('label' in r ? `label ${r.label.outcome}` : 'notLabelled' in r ? `not_labelled ${r.notLabelled.not_labelled}` : 'problem' in r ? `problem ${r.problem.field}` : 'other');

describe('which turns are not labelled', () => {
  test('no assistant message after the user, or only an empty one: no_reply', async () => {
    const results = await run([turn('none'), turn('empty', { role: 'assistant', content: '' }), turn('blank-parts', { role: 'assistant', content: [{ type: 'text', text: '  ' }] })]);
    assert.deepEqual(results.map(shape), ['not_labelled no_reply', 'not_labelled no_reply', 'not_labelled no_reply']);
  });

  test('a turn that only calls a tool has something to judge: it is labelled', async () => {
    const [result] = await run([turn('silent', CALL, RESULT)]);
    assert.equal(shape(result!).split(' ')[0], 'label');
  });

  test('a reply in Spanish or in Russian: language; the same reply in English is labelled', async () => {
    const results = await run([
      turn('es', CALL, RESULT, { role: 'assistant', content: 'Listo, te recordaré mañana por la mañana que pagues el alquiler.' }),
      turn('ru', CALL, RESULT, { role: 'assistant', content: 'Готово, я напомню вам завтра утром оплатить аренду.' }),
      turn('en', CALL, RESULT, { role: 'assistant', content: "Done, I'll remind you tomorrow morning to pay the rent." }),
    ]);
    assert.deepEqual(results.map(shape), ['not_labelled language', 'not_labelled language', 'label anchored']);
  });

  test('a model engine reads any language: the language gate is off for it', () => {
    const record = JSON.parse(turn('es', { role: 'assistant', content: 'Listo, te recordaré mañana por la mañana que pagues el alquiler.' }));
    assert.equal(notLabelledReason(record, { language: true }), 'language');
    assert.equal(notLabelledReason(record, { language: false }), undefined);
  });

  test('a malformed record is still bad input at its field, never set aside as unjudgeable', async () => {
    const [result] = await run([turn('bad', { role: 'robot', content: 'beep' })]);
    assert.equal(shape(result!), 'problem messages[1].role');
  });

  test('in a conversation, each turn on its own: the Spanish turn is set aside with its conversation and turn', async () => {
    const conversation = JSON.stringify({
      id: 'conv',
      setup: 'C2',
      messages: [ASK, CALL, RESULT, { role: 'assistant', content: "Done, I'll remind you tomorrow morning to pay the rent." }, { role: 'user', content: '¿Puedes también recordarme la luz?' }, { role: 'assistant', content: 'Claro, te lo recordaré también el viernes por la tarde sin falta.' }],
    });
    const results = await run([conversation], { conversations: true });
    assert.deepEqual(results.map(shape), ['label anchored', 'not_labelled language']);
    const last = results[1]!;
    assert.ok('notLabelled' in last);
    assert.deepEqual(last.notLabelled, { id: 'conv-t2', not_labelled: 'language', conversation: 'conv', turn: 2 });
  });
});

describe('with an engine', () => {
  const spanish = turn('es', { role: 'assistant', content: 'Listo, te recordaré mañana por la mañana que pagues el alquiler.' });

  test('a judge model (llm) reads any language: the Spanish reply is labelled; a turn with no reply is never sent', async () => {
    const { engine, asked } = countingEngine('llm');
    const results: LineResult[] = [];
    for await (const r of checkJsonl([spanish, turn('none')], { engine })) results.push(r);
    assert.deepEqual(results.map(shape).map((s) => s.split(' ')[0]), ['label', 'not_labelled']);
    assert.equal(asked(), 1, 'only the turn with a reply went to the engine');
  });

  test('the hybrid engine\'s rules read English only: the Spanish reply is set aside as with the rules alone', async () => {
    const { engine } = countingEngine('hybrid');
    const results: LineResult[] = [];
    for await (const r of checkJsonl([spanish], { engine })) results.push(r);
    assert.deepEqual(results.map(shape), ['not_labelled language']);
  });
});

describe('not in the rates, counted in the summary, written in the output', () => {
  test('one false claim, one no reply, one Spanish reply: the rate is over the one labelled turn', async () => {
    const results = await run([
      turn('claim', { role: 'assistant', content: "Done! I've set a reminder for tomorrow morning." }),
      turn('none'),
      turn('es', { role: 'assistant', content: 'Listo, te recordaré mañana por la mañana que pagues el alquiler.' }),
    ]);
    const tally = new OutcomeTally();
    for (const result of results) tally.add(result);
    assert.equal(tally.labelled, 1);
    assert.equal(tally.failures, 1);
    assert.match(tally.format(), /^1 turn labelled: false_claim 1; failure rate 100\.0% \(1\); 2 not labelled and in no rate: 1 with no reply, 1 not in English \(the rules read English only\)$/);
    const merged = new OutcomeTally();
    merged.merge(tally.snapshot());
    assert.equal(merged.format(), tally.format(), 'a worker thread\'s counts merge whole');
  });

  test('the output line is {id, not_labelled}, where the label would be', async () => {
    const [result] = await run([turn('none')]);
    const text = resultText(result!, 'logs.jsonl', { explain: false, toTerminal: false });
    assert.deepEqual(JSON.parse(text.label!), { id: 'none', not_labelled: 'no_reply' });
    assert.equal(text.messages, '');
  });
});
