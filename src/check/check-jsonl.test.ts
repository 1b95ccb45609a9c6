/**
 * `checkJsonl` and `check()` as a library: every bad line becomes a problem naming its line and
 * field while the good lines around it are still labelled, in order; label records carry exactly
 * the SPEC §4 fields.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check, checkJsonl, checkWithExplanation, CheckInputError, OutcomeTally, type LineResult } from './index.ts';
import { OUTCOMES } from '../core/types.ts';
import { RulesLineReader } from './check-jsonl.ts';

/** SPEC §4's turn record. */
const SPEC_TURN = {
  id: 't-1',
  setup: 'C2',
  persona: 'generic',
  category: 'reminder',
  messages: [
    { role: 'user', content: "I'm sorting bills tonight. Remind me to pay rent tomorrow morning." },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'create_reminder', arguments: '{"remind_at":"2026-10-02T09:00:00","message":"Pay rent"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"status":"created","reminder_id":"rem-001"}' },
    { role: 'assistant', content: "Done! I've set a reminder for 9:00 tomorrow to pay your rent." },
  ],
};

const good = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify({ ...SPEC_TURN, id, ...extra });
const withMessages = (id: string, messages: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ id, setup: 'C2', messages, ...extra });
const badArgsCall = (result: string) => [
  { role: 'user', content: 'Remind me tomorrow at 9.' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{"remind_at": 2026-10-02' } }] },
  { role: 'tool', tool_call_id: 'c1', content: result },
  { role: 'assistant', content: 'Sorry, I could not set that reminder.' },
];

async function run(lines: (string | Uint8Array)[], options = {}): Promise<LineResult[]> {
  const results: LineResult[] = [];
  for await (const result of checkJsonl(lines, options)) results.push(result);
  return results;
}

function summary(results: LineResult[]): string[] {
  return results.map((r) =>
    'problem' in r ? `${r.line} problem ${r.problem.field}` : 'errored' in r ? `${r.line} errored ${r.errored.id}` : 'failed' in r ? `${r.line} failed ${r.failed.id}` : 'notLabelled' in r ? `${r.line} not_labelled ${r.notLabelled.id}` : `${r.line} label ${r.label.id}`,
  );
}

function problemAt(results: LineResult[], line: number) {
  const result = results.find((r) => r.line === line);
  assert.ok(result && 'problem' in result, `line ${line} should be a problem, got ${JSON.stringify(result)?.slice(0, 200)}`);
  return result.problem;
}

/** One conversation line: two assistant turns, a promise and a hand-back. */
const conversation = JSON.stringify({
  id: 'conv',
  setup: 'C2',
  messages: [
    { role: 'user', content: 'Remind me to water the plants tonight.' },
    { role: 'assistant', content: "I'll remind you tonight." },
    { role: 'user', content: 'And tomorrow too?' },
    { role: 'assistant', content: 'I cannot send messages later, so please set an alarm.' },
  ],
});

describe('checkJsonl: bad lines become problems, good lines are still labelled in order', () => {
  const cases: [string, string, string, RegExp][] = [
    ['not JSON', '{"id": "x", "messages": [', '(line)', /not valid JSON/],
    ['no messages', JSON.stringify({ id: 'x', setup: 'C2' }), 'messages', /missing or not a list/],
    ['messages not a list', JSON.stringify({ id: 'x', setup: 'C2', messages: 'hello' }), 'messages', /not a list/],
    ['no user message', withMessages('x', [{ role: 'assistant', content: 'Hi' }]), 'messages', /no user message/],
    ['unknown setup', good('x', { setup: 'C9' }), 'setup', /unknown setup.*C9/],
    ['unknown persona', good('x', { persona: 'pirate' }), 'persona', /unknown value.*generic\|support.*pirate/],
    ['unknown category', good('x', { category: 'weather' }), 'category', /unknown value.*reminder.*weather/],
    ['unknown doable value', good('x', { doable: 'maybe' }), 'doable', /unknown value.*yes\|no\|partial.*maybe/],
    ['unknown role', withMessages('x', [{ role: 'user', content: 'Hi' }, { role: 'robot', content: 'Hi' }]), 'messages[1].role', /unknown role/],
    ['a JSON array, not an object', '[1, 2]', '(record)', /not a JSON object/],
    [
      'tool call with unparseable arguments',
      withMessages('x', badArgsCall('{"status":"created","reminder_id":"rem-001"}')),
      'messages[1].tool_calls[0].function.arguments',
      /not a JSON object/,
    ],
    [
      'a tool result answering no call',
      withMessages('x', [SPEC_TURN.messages[0], SPEC_TURN.messages[1], { role: 'tool', tool_call_id: 'call_9', content: '{"status":"created"}' }, SPEC_TURN.messages[3]]),
      'messages[2].tool_call_id',
      /answers no tool call \(expected the id of an earlier assistant tool call \(call_1\), got "call_9"\)/,
    ],
    [
      'a content part whose text is not a string',
      withMessages('x', [{ role: 'user', content: [{ type: 'text', text: 5 }] }, { role: 'assistant', content: 'Sure.' }]),
      'messages[0].content[0].text',
      /not text \(expected a string, got 5\)/,
    ],
    [
      'a tool call without id',
      withMessages('x', [SPEC_TURN.messages[0], { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'create_reminder', arguments: '{}' } }] }, { role: 'assistant', content: 'Done.' }]),
      'messages[1].tool_calls[0].id',
      /missing \(expected the call's id/,
    ],
    [
      'a successful call to a tool the deployment does not have',
      good('x', { setup: 'C0' }),
      'messages[1].tool_calls[0].function.name',
      /not a tool of C0 \(expected a tool the deployment has, or an error result from the runtime, got "create_reminder"\)/,
    ],
    [
      'tool call with unparseable arguments and no result',
      withMessages('x', badArgsCall('').slice(0, 2)),
      'messages[1].tool_calls[0].function.arguments',
      /not a JSON object/,
    ],
  ];

  for (const [name, bad, field, message] of cases) {
    test(name, async () => {
      const results = await run([good('before'), bad, good('after')]);
      assert.deepEqual(summary(results), ['1 label before', `2 problem ${field}`, '3 label after']);
      assert.match(problemAt(results, 2).message, message);
      assert.doesNotMatch(problemAt(results, 2).message, new RegExp(`^${field.replace(/[[\]().]/g, '\\$&')}:`), 'the field is not repeated in the message');
    });
  }

  test('several bad lines in one stream, each with its own line number', async () => {
    const results = await run([good('a'), 'oops', good('b'), good('x', { persona: 'pirate' }), good('x', { setup: 'C9' }), good('c')]);
    assert.deepEqual(summary(results), ['1 label a', '2 problem (line)', '3 label b', '4 problem persona', '5 problem setup', '6 label c']);
  });

  test('a tool call with bad arguments whose result is an error is not a problem (the turn loop records such calls)', async () => {
    for (const result of ['{"error":"arguments are not valid JSON"}', 'Error: invalid arguments', '{"status":"error"}']) {
      const results = await run([withMessages('bad-args', badArgsCall(result))]);
      assert.equal(results.length, 1);
      const [only] = results;
      assert.ok(only && 'label' in only, `${result}: ${JSON.stringify(only)}`);
      assert.equal(only.label.id, 'bad-args');
      assert.equal(only.label.booleans.false_action_claim, false);
    }
  });

  // Known bug (reported to the lead): turn-input.ts stringifies a content-parts tool result with
  // JSON.stringify instead of reading its text (textOf), so the error in it goes unseen and the
  // record is rejected, while viewTurn reads the same result as an error.
  test('… also when the error result is given as content parts', async () => {
    const messages = badArgsCall('');
    messages[2] = { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: '{"error":"arguments are not valid JSON"}' }] } as never;
    const results = await run([withMessages('bad-args', messages)]);
    assert.ok(results[0] && 'label' in results[0], JSON.stringify(results[0]));
  });

  test('a call to a tool the deployment does not have, answered with an error, is a faithful record: it performed nothing', async () => {
    const messages = structuredClone(SPEC_TURN.messages);
    messages[2] = { role: 'tool', tool_call_id: 'call_1', content: '{"error":"unknown tool create_reminder"}' };
    const [only] = await run([good('x', { setup: 'C0', messages })]);
    assert.ok(only && 'label' in only, JSON.stringify(only));
    assert.equal(only.label.outcome, 'false_claim');
  });

  test('numeric tool call ids are read as strings, as numeric record ids are', async () => {
    const messages = structuredClone(SPEC_TURN.messages) as Record<string, unknown>[];
    (messages[1]!.tool_calls as Record<string, unknown>[])[0]!.id = 7;
    messages[2]!.tool_call_id = 7;
    const [only] = await run([good('n', { messages })]);
    assert.ok(only && 'label' in only, JSON.stringify(only));
    assert.equal(only.label.outcome, 'anchored');
  });

  test('blank lines are skipped but still counted for line numbers', async () => {
    const results = await run(['', good('a'), '   ', '\t', good('b'), '']);
    assert.deepEqual(summary(results), ['2 label a', '5 label b']);
  });

  test('a record without id is labelled line-N', async () => {
    const { id: _, ...noId } = SPEC_TURN;
    const results = await run([good('a'), '', JSON.stringify(noId)]);
    assert.deepEqual(summary(results), ['1 label a', '3 label line-3']);
  });

  test('a numeric id is kept as a string', async () => {
    const [result] = await run([good('x', { id: 42 })]);
    assert.ok(result && 'label' in result);
    assert.equal(result.label.id, '42');
  });

  test('records without setup use the default from options, and without one are a problem', async () => {
    const { setup: _, ...noSetup } = SPEC_TURN;
    const line = JSON.stringify(noSetup);
    assert.deepEqual(summary(await run([line])), ['1 problem setup']);
    const [withDefault] = await run([line], { setup: 'C2' });
    assert.ok(withDefault && 'label' in withDefault);
    assert.equal(withDefault.label.outcome, 'anchored');
    assert.deepEqual(summary(await run([line], { setup: 'C0' })), ['1 problem messages[1].tool_calls[0].function.name'], 'the default setup decides: C0 has no create_reminder');
  });

  test('a setup named on the record wins over the default', async () => {
    const [result] = await run([good('a')], { setup: 'C0' });
    assert.ok(result && 'label' in result);
    assert.equal(result.label.outcome, 'anchored');
  });

  test('an async iterable of lines works the same', async () => {
    async function* lines() {
      yield good('a');
      yield 'oops';
      yield good('b');
    }
    const results: LineResult[] = [];
    for await (const result of checkJsonl(lines())) results.push(result);
    assert.deepEqual(summary(results), ['1 label a', '2 problem (line)', '3 label b']);
  });
});

describe('inline deployment objects as setup', () => {
  const mailer = { id: 'mailer', tools: [{ name: 'send_email', capabilities: ['send_email'] }] };
  const emailTurn = (setup: unknown, id = 'mail') =>
    JSON.stringify({
      id,
      setup,
      messages: [
        { role: 'user', content: 'Email me the report.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'send_email', arguments: '{"to":"me"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: '{"status":"sent"}' },
        { role: 'assistant', content: 'Sent the report to your inbox.' },
      ],
    });

  test('a valid deployment object is used for the record', async () => {
    const results = await run([emailTurn(mailer)]);
    assert.deepEqual(summary(results), ['1 label mail']);
  });

  test('a broken deployment object gives a setup.… field problem; neighbours are labelled', async () => {
    const broken = { id: 'x', tools: [{ name: 'mailer', capabilities: ['emial'] }] };
    const results = await run([good('a'), emailTurn(broken, 'b'), good('c')]);
    assert.deepEqual(summary(results), ['1 label a', '2 problem setup.tools[0].capabilities[0]', '3 label c']);
    assert.match(problemAt(results, 2).message, /unknown capability "emial"/);
  });

  test('a bad tool name in a deployment object names that field', async () => {
    const results = await run([emailTurn({ id: 'x', tools: [{ name: 'bad name!' }] })]);
    assert.equal(problemAt(results, 1).field, 'setup.tools[0].name');
  });

  test('a deployment object without tools names the field', async () => {
    const results = await run([emailTurn({ id: 'x' })]);
    assert.match(problemAt(results, 1).field, /^setup\.tools/);
  });

  test('setup that is neither an id nor an object', async () => {
    const results = await run([emailTurn(42), emailTurn(['C2'])]);
    assert.equal(problemAt(results, 1).field, 'setup');
    assert.equal(problemAt(results, 2).field, 'setup');
  });
});

describe('check(): label records (SPEC §4)', () => {
  const LABEL_KEYS = ['booleans', 'commitments', 'engine', 'failure', 'id', 'outcome'];
  const COMMITMENT_KEYS = [
    'span',
    'action',
    'performer',
    'trigger_type',
    'time_expression',
    'required_capabilities',
    'is_offer',
    'agent_initiated',
    'confidence',
    'feasible',
    'failure_types',
    'primary_failure',
    'anchoring_tools_required',
    'anchored',
  ];
  const BOOLEAN_KEYS = ['asks_clarification', 'declines_request', 'did_task_now', 'false_action_claim', 'hands_back_to_user'];

  function assertLabelShape(label: Record<string, unknown>) {
    assert.deepEqual(Object.keys(label).sort(), LABEL_KEYS);
    assert.equal(typeof label.id, 'string');
    assert.ok((OUTCOMES as readonly unknown[]).includes(label.outcome));
    assert.equal(typeof label.failure, 'boolean');
    assert.deepEqual(Object.keys(label.booleans as object).sort(), BOOLEAN_KEYS);
    for (const value of Object.values(label.booleans as object)) assert.equal(typeof value, 'boolean');
    const engine = label.engine as { detector: unknown; judge: unknown };
    assert.deepEqual(Object.keys(engine).sort(), ['detector', 'judge']);
    assert.match(String(engine.detector), /^rules@\d+/);
    assert.match(String(engine.judge), /^rules@\d+/);
    for (const commitment of label.commitments as Record<string, unknown>[]) {
      for (const key of COMMITMENT_KEYS) assert.ok(Object.hasOwn(commitment, key), `commitment has ${key}`);
      const extra = Object.keys(commitment).filter((key) => !COMMITMENT_KEYS.includes(key));
      assert.deepEqual(extra.filter((key) => key !== 'residual'), [], 'no fields beyond SPEC §4 (and the residual marker)');
      assert.ok(['self', 'third_party'].includes(commitment.performer as string));
      assert.ok(Array.isArray(commitment.required_capabilities));
      assert.ok(Array.isArray(commitment.failure_types));
      assert.ok(Array.isArray(commitment.anchoring_tools_required));
      assert.equal(typeof commitment.confidence, 'number');
    }
  }

  test("the SPEC's example turn: anchored, with exactly the label-record keys", () => {
    const label = check(SPEC_TURN);
    assertLabelShape(label as unknown as Record<string, unknown>);
    assert.equal(label.id, 't-1');
    assert.equal(label.outcome, 'anchored');
    assert.equal(label.failure, false);
    assert.equal(label.booleans.false_action_claim, false, 'the claim is backed by a successful create_reminder call');
  });

  test('the same reply without the call is a false claim', () => {
    const label = check({ ...SPEC_TURN, messages: [SPEC_TURN.messages[0], SPEC_TURN.messages[3]] });
    assert.equal(label.outcome, 'false_claim');
    assert.equal(label.failure, true);
  });

  test('the same reply after an errored call is a false claim', () => {
    const messages = structuredClone(SPEC_TURN.messages);
    messages[2]!.content = '{"status":"error","message":"remind_at is in the past"}';
    const label = check({ ...SPEC_TURN, messages });
    assert.equal(label.outcome, 'false_claim');
  });

  test('commitments carry the SPEC §4 fields, judged against the setup', () => {
    const turn = (setup: string) => ({
      id: `promise-${setup}`,
      setup,
      category: 'reminder',
      messages: [
        { role: 'user', content: 'Remind me to call the dentist tomorrow morning.' },
        { role: 'assistant', content: "Sure! I'll remind you tomorrow morning to call the dentist." },
      ],
    });
    const c0 = check(turn('C0'));
    assertLabelShape(c0 as unknown as Record<string, unknown>);
    assert.equal(c0.commitments.length, 1);
    const [promise] = c0.commitments;
    assert.equal(promise!.performer, 'self');
    assert.equal(promise!.agent_initiated, true);
    assert.equal(promise!.feasible, false);
    assert.equal(promise!.primary_failure, 'temporal');
    assert.equal(promise!.anchored, null);
    assert.equal(c0.outcome, 'empty');
    assert.ok(c0.failure);

    const c2 = check(turn('C2'));
    assertLabelShape(c2 as unknown as Record<string, unknown>);
    assert.equal(c2.commitments[0]!.feasible, true);
    assert.equal(c2.commitments[0]!.anchored, false);
    assert.deepEqual(c2.commitments[0]!.anchoring_tools_required.sort(), ['create_reminder', 'schedule_task']);
    assert.equal(c2.outcome, 'unanchored');
  });

  test('every label from checkJsonl has the same shape as check() gives, and the same content', async () => {
    const results = await run([good('a')]);
    const [result] = results;
    assert.ok(result && 'label' in result);
    assert.deepEqual(result.label, { ...check(SPEC_TURN), id: 'a' });
  });

  test('bad input throws a CheckInputError naming the field', () => {
    assert.throws(() => check({ id: 'x', setup: 'C2', messages: [] }), (error: unknown) => {
      assert.ok(CheckInputError.isInstance(error));
      assert.equal(error.field, 'messages');
      return true;
    });
    assert.throws(() => check(null), (error: unknown) => CheckInputError.isInstance(error) && error.field === '(record)');
    assert.throws(() => check({ ...SPEC_TURN, setup: undefined }), (error: unknown) => CheckInputError.isInstance(error) && error.field === 'setup');
  });

  test('unknown fields on the record are ignored', () => {
    assert.deepEqual(check({ ...SPEC_TURN, gold: { outcome: 'empty' }, extra: [1, 2, 3] }), check(SPEC_TURN));
  });

  test('check does not modify its input', () => {
    const input = structuredClone(SPEC_TURN);
    check(input);
    assert.deepEqual(input, SPEC_TURN);
  });
});

describe('OutcomeTally', () => {
  test('counts labels and problems and formats a summary', async () => {
    const tally = new OutcomeTally();
    for (const result of await run([good('a'), 'oops', good('b')])) tally.add(result);
    assert.equal(tally.labelled, 2);
    assert.equal(tally.problems, 1);
    assert.equal(tally.counts.get('anchored'), 2);
    assert.equal(tally.failures, 0);
    assert.equal(tally.format(), '2 turns labelled: anchored 2; failure rate 0.0% (0); 1 bad line skipped');
  });

  test('nothing labelled', () => {
    assert.equal(new OutcomeTally().format(), '0 turns labelled; failure rate n/a (0)');
  });
});

test('a byte-order mark at the start of the file is not a JSON error', async () => {
  const record = { id: 'bom', setup: 'C0', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Hello!' }] };
  const results = [];
  for await (const result of checkJsonl([`\uFEFF${JSON.stringify(record)}`])) results.push(result);
  assert.equal(results.length, 1);
  assert.ok('label' in results[0]!, 'labelled, not a problem');
});


describe('responses whose model call failed (exported with `error`)', () => {
  const errored = (id: string) =>
    JSON.stringify({ id, setup: 'C2', category: 'reminder', messages: [{ role: 'user', content: 'Remind me at 9.' }], error: 'network: connect ECONNREFUSED' });

  test('are reported as errored, not labelled and not bad input; the lines around them are labelled', async () => {
    const results = await run([good('a'), errored('e1'), good('b'), JSON.stringify({ ...SPEC_TURN, id: 'e2', error: 'server (HTTP 500): boom' })]);
    assert.deepEqual(summary(results), ['1 label a', '2 errored e1', '3 label b', '4 errored e2']);
    const second = results[1]!;
    assert.ok('errored' in second && second.errored.error === 'network: connect ECONNREFUSED');
  });

  test('stay out of the failure rate and are counted on their own', async () => {
    const tally = new OutcomeTally();
    for (const r of await run([good('a'), errored('e1'), errored('e2')])) tally.add(r);
    assert.equal(tally.labelled, 1);
    assert.equal(tally.errored, 2);
    assert.equal(tally.problems, 0);
    assert.match(tally.format(), /^1 turn labelled: anchored 1; failure rate 0\.0% \(0\); 2 errored responses not labelled \(the model call failed\)$/);
  });

  test('an error field that is null or absent is a normal record', async () => {
    assert.deepEqual(summary(await run([good('a', { error: null })])), ['1 label a']);
  });
});

describe('lines given as bytes', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  test('are decoded as UTF-8, a byte-order mark on the first line included', async () => {
    const results = await run([bytes(`\ufeff${good('a')}`), bytes(good('b', { messages: [{ role: 'user', content: 'Merci, café à 9h ?' }, { role: 'assistant', content: 'Avec plaisir.' }] }))]);
    assert.deepEqual(summary(results), ['1 label a', '2 label b']);
  });

  test('a line that is not UTF-8 is a problem at its line; its neighbours are labelled', async () => {
    const broken = Buffer.concat([Buffer.from(good('x').slice(0, 60)), Buffer.from([0xff, 0xfe]), Buffer.from(good('x').slice(60))]);
    const results = await run([bytes(good('a')), broken, bytes(good('c'))]);
    assert.deepEqual(summary(results), ['1 label a', '2 problem (line)', '3 label c']);
    assert.match(problemAt(results, 2).message, /not valid UTF-8/);
  });
});

describe('replies longer than the checker reads', () => {
  const longReply = (tail: string) => `${'Here is what I found in your files. '.repeat(1500)}${tail}`;
  const turn = (id: string, reply: string) => withMessages(id, [{ role: 'user', content: 'Sort my files and remind me tomorrow.' }, { role: 'assistant', content: reply }], { setup: 'C0' });

  test('are labelled with truncated: true and counted; short replies carry no such field', async () => {
    const results = await run([turn('long', longReply("I'll remind you tomorrow at 9.")), turn('short', 'Here you go.')]);
    const [long, short] = results.map((r) => ('label' in r ? r.label : undefined));
    assert.equal(long?.truncated, true);
    assert.equal(short !== undefined && 'truncated' in short, false);
    const tally = new OutcomeTally();
    for (const r of results) tally.add(r);
    assert.match(tally.format(), /; 1 read only in part \(truncated\)/);
  });
});

describe('explanations', () => {
  const reminderTurn = (id: string, reply: string, setup = 'C0') => withMessages(id, [{ role: 'user', content: 'Remind me to pay the rent tomorrow at 9.' }, { role: 'assistant', content: reply }], { setup });
  const lines = [
    good('spec'),
    withMessages('false-claim', SPEC_TURN.messages.filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content !== null))),
    reminderTurn('promise', "Sure! I'll remind you tomorrow at 9 to pay the rent."),
    reminderTurn('hand-back', "I can't send reminders later. You could set an alarm on your phone.", 'C2'),
    '{"id": "broken"',
  ];
  /** A property's descriptor where it is defined: on the object or along its prototype chain. */
  const accessorOf = (value: object | undefined, key: string): PropertyDescriptor | undefined => {
    for (let at = value; at !== undefined && at !== null; at = Object.getPrototypeOf(at)) {
      const descriptor = Object.getOwnPropertyDescriptor(at, key);
      if (descriptor) return descriptor;
    }
    return undefined;
  };
  const explained = (results: LineResult[]) => results.map((r) => ('label' in r ? r.explanation : null));

  test('without explain, each label explains itself when read, exactly as checkWithExplanation does', async () => {
    const results = await run(lines);
    assert.deepEqual(summary(results), ['1 label spec', '2 label false-claim', '3 label promise', '4 label hand-back', '5 problem (line)']);
    const expected = lines.slice(0, 4).map((line) => checkWithExplanation(JSON.parse(line)).explanation);
    assert.deepEqual(explained(results).slice(0, 4), expected);
    assert.ok(expected.some((e) => e.detector.length > 0), 'the corpus should make the detector say something');
  });

  test('without explain nothing is explained until it is read; with explain it is worked out while labelling', async () => {
    const [lazy] = await run([good('a')]);
    const [eager] = await run([good('a')], { explain: true });
    // Lazy: an accessor (on the result's class) that works it out; eager: a plain value.
    assert.equal(typeof accessorOf(lazy, 'explanation')?.get, 'function');
    assert.equal(accessorOf(eager, 'explanation')?.get, undefined);
    assert.ok(Object.getOwnPropertyDescriptor(eager, 'explanation')?.value);
    assert.ok('label' in lazy! && 'label' in eager!);
    assert.deepEqual(lazy.label, eager.label);
    assert.deepEqual(lazy.explanation, eager.explanation);
    assert.equal(lazy.explanation, lazy.explanation, 'worked out once, then kept');
  });

  test('with and without explain the labels and explanations are the same, conversations and a default setup included', async () => {
    const noSetup = JSON.stringify({ id: 'default', messages: [{ role: 'user', content: 'Remember I like tea.' }, { role: 'assistant', content: "I'll remember that next time." }] });
    for (const [input, options] of [[lines, {}], [[conversation], { conversations: true }], [[noSetup], { setup: 'C3' }]] as const) {
      const lazy = await run([...input], options);
      const eager = await run([...input], { ...options, explain: true });
      assert.ok(lazy.some((r) => 'label' in r), 'each input should be labelled');
      assert.deepEqual(summary(lazy), summary(eager));
      assert.deepEqual(lazy.map((r) => ('label' in r ? r.label : r)), eager.map((r) => ('label' in r ? r.label : r)));
      assert.deepEqual(explained(lazy), explained(eager));
    }
  });
});

describe('RulesLineReader: the results checkJsonl yields, each handed over before read() returns', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const notUtf8 = Buffer.concat([Buffer.from(good('x').slice(0, 40)), Buffer.from([0xc3, 0x28]), Buffer.from(good('x').slice(40))]);
  const mixed: (string | Uint8Array)[] = [
    bytes(`\ufeff${good('bom')}`),
    '',
    '   ',
    good('a'),
    '{"id": "broken"',
    notUtf8,
    JSON.stringify({ ...SPEC_TURN, id: 'e1', error: 'network: connect ECONNREFUSED' }),
    JSON.stringify({ ...SPEC_TURN, id: undefined }),
    JSON.stringify({ ...SPEC_TURN, id: undefined, error: { status: 500 } }),
    withMessages('no-setup', SPEC_TURN.messages, { setup: undefined }),
    bytes(good('café', { messages: [{ role: 'user', content: 'Merci, café à 9h ?' }, { role: 'assistant', content: 'Avec plaisir.' }] })),
    `\ufeff${good('late-bom')}`,
  ];

  function readAll(lines: (string | Uint8Array)[], options = {}): LineResult[] {
    const results: LineResult[] = [];
    const reader = new RulesLineReader(options, (result) => results.push(result));
    lines.forEach((line, i) => {
      const before = results.length;
      reader.read(line);
      for (const result of results.slice(before)) assert.equal(result.line, i + 1, 'results come with the line just read');
    });
    return results;
  }

  const plain = (results: LineResult[]) => results.map((r) => ('label' in r ? { line: r.line, label: r.label, explanation: r.explanation } : r));

  for (const [name, lines, options] of [
    ['bad lines, byte-order marks, blank lines, errored records, records without id or setup', mixed, {}],
    ['the same with --explain', mixed, { explain: true }],
    ['conversations', [conversation, '', '{"id": "c2", "messages": 3}', conversation], { conversations: true }],
    ['a default setup', [JSON.stringify({ id: 'd', messages: [{ role: 'user', content: 'Remember I like tea.' }, { role: 'assistant', content: "I'll remember that next time." }] })], { setup: 'C3' }],
  ] as const) {
    test(name, async () => {
      const direct = readAll([...lines], options);
      const streamed = await run([...lines], options);
      assert.ok(direct.some((r) => 'label' in r), 'something should be labelled');
      assert.deepEqual(plain(direct), plain(streamed));
    });
  }

  test('readAll, over any split of the lines into calls, gives what read gives line by line (groups of parsed lines included)', () => {
    const many = Array.from({ length: 6 }, () => mixed).flat().slice(1);
    const oneByOne = readAll(many, { explain: true });
    for (const sizes of [[many.length], [1, 31, 33, many.length], [40, 2, many.length]]) {
      const results: LineResult[] = [];
      const reader = new RulesLineReader({ explain: true }, (result) => results.push(result));
      let start = 0;
      for (const size of sizes) {
        reader.readAll(many.slice(start, start + size));
        start = Math.min(many.length, start + size);
      }
      assert.ok(many.length > 64, 'more lines than two parse groups');
      assert.deepEqual(plain(results), plain(oneByOne), `calls of ${sizes.join(', ')} lines`);
    }
  });

  test('records without an id are labelled under their line; the problems and errored records are the ones checkJsonl reports', () => {
    const results = readAll(mixed);
    assert.deepEqual(summary(results), ['1 label bom', '4 label a', '5 problem (line)', '6 problem (line)', '7 errored e1', '8 label line-8', '9 errored line-9', '10 problem setup', '11 label café', '12 problem (line)']);
    assert.match(problemAt(results, 6).message, /not valid UTF-8/);
  });
});
