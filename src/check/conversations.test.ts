import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { ChatMessage } from '../core/types.ts';
import { checkJsonl, RulesLineReader } from './check-jsonl.ts';
import { check } from './check.ts';
import { checkConversation, conversationTurns } from './conversations.ts';
import { loadDeploymentFile } from '../setups/load-deployment.ts';

const EXAMPLES = fileURLToPath(new URL('../../../shared/examples/', import.meta.url));

const AIRLINE = {
  id: 'airline',
  tools: [
    { name: 'cancel_reservation', description: 'Cancels a reservation.' },
    { name: 'update_reservation_baggages', description: 'Updates the checked bags of a reservation.' },
  ],
};

const call = (id: string, name: string): ChatMessage => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }] });
const result = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

function airlineConversation(cancelResult: string): { id: string; setup: typeof AIRLINE; persona: string; messages: ChatMessage[] } {
  return {
    id: 'conv-1',
    setup: AIRLINE,
    persona: 'support',
    messages: [
      { role: 'system', content: 'You are an airline support agent.' },
      { role: 'user', content: 'Please cancel reservation ABC123.' },
      call('c1', 'cancel_reservation'),
      result('c1', cancelResult),
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 'Thanks. And is my bag sorted too?' },
      { role: 'assistant', content: 'Your reservation was cancelled earlier, and one checked bag has been added.' },
      { role: 'user', content: 'Great, so the cancellation went through?' },
      { role: 'assistant', content: 'Yes, your reservation has been cancelled.' },
      { role: 'user', content: '###STOP###' },
    ],
  };
}

describe('whole conversations: one label per assistant turn', () => {
  it('splits a conversation at its user messages; a last message with no reply is no turn', () => {
    const { id, turns } = conversationTurns(airlineConversation('{"status":"cancelled"}'));
    assert.equal(id, 'conv-1');
    assert.deepEqual(turns.map((t) => [t.turn, t.record.id]), [[1, 'conv-1-t1'], [2, 'conv-1-t2'], [3, 'conv-1-t3']]);
    assert.equal((turns[1]!.record.messages as ChatMessage[]).at(-1)!.content, 'Your reservation was cancelled earlier, and one checked bag has been added.');
  });

  it('a successful call of an earlier turn backs a later claim; a claim no call backs is false', () => {
    const labels = checkConversation(airlineConversation('{"status":"cancelled"}'));
    assert.deepEqual(labels.map((l) => [l.id, l.conversation, l.turn]), [['conv-1-t1', 'conv-1', 1], ['conv-1-t2', 'conv-1', 2], ['conv-1-t3', 'conv-1', 3]]);
    assert.equal(labels[1]!.outcome, 'false_claim', 'the bag was never added');
    assert.equal(labels[2]!.booleans.false_action_claim, false, 'the cancellation two turns earlier backs it');
  });

  it('an errored call of an earlier turn backs nothing', () => {
    const labels = checkConversation(airlineConversation('Error: reservation not found'));
    assert.equal(labels[2]!.outcome, 'false_claim');
  });

  it('a role-play set up at the start frames a later turn', () => {
    const labels = checkConversation({
      id: 'rp',
      setup: 'C0',
      messages: [
        { role: 'user', content: "Let's role-play: you are a barista training me." },
        { role: 'assistant', content: 'Sure! Welcome to the café.' },
        { role: 'user', content: 'What do you do first tomorrow morning?' },
        { role: 'assistant', content: 'Tomorrow morning I will attach the portafilter to the espresso machine and call you over.' },
      ],
    });
    assert.equal(labels.at(-1)!.failure, false);
    assert.deepEqual(labels.at(-1)!.commitments, []);
  });

  it('anchoring stays within the turn: an earlier reminder call does not anchor a new promise', () => {
    const labels = checkConversation({
      id: 'c2',
      setup: 'C2',
      messages: [
        { role: 'user', content: 'Remind me to pay rent tomorrow at 9.' },
        call('r1', 'create_reminder'),
        result('r1', '{"status":"created","reminder_id":"rem-001"}'),
        { role: 'assistant', content: "Done! I've set a reminder for 9:00 tomorrow." },
        { role: 'user', content: 'Also remind me on Friday to call mum.' },
        { role: 'assistant', content: "Sure, I'll remind you on Friday to call your mum." },
      ],
    });
    assert.equal(labels[0]!.outcome, 'anchored');
    assert.equal(labels[1]!.outcome, 'unanchored');
  });

  it('a malformed conversation line is a problem at its line; the others are labelled', async () => {
    const lines = [JSON.stringify({ id: 'bad', messages: 'nope' }), JSON.stringify(airlineConversation('{"status":"cancelled"}'))];
    const results = [];
    for await (const r of checkJsonl(lines, { conversations: true })) results.push(r);
    assert.ok('problem' in results[0]! && results[0].problem.field === 'messages');
    assert.deepEqual(results.slice(1).map((r) => ('label' in r ? [r.line, r.label.id] : null)), [[2, 'conv-1-t1'], [2, 'conv-1-t2'], [2, 'conv-1-t3']]);
  });

  it('felicity check --conversations prints one label per turn with conversation and turn', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'felicity-conv-'));
    try {
      const file = join(dir, 'chats.jsonl');
      await writeFile(file, `${JSON.stringify(airlineConversation('{"status":"cancelled"}'))}\n`);
      const bin = fileURLToPath(new URL('../../bin/felicity.js', import.meta.url));
      const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [bin, 'check', '--conversations', file], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('close', (c) => resolve({ code: c, stdout: out }));
      });
      assert.equal(code, 0);
      const labels = stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; conversation: string; turn: number; outcome: string });
      assert.deepEqual(labels.map((l) => [l.id, l.conversation, l.turn, l.outcome]), [
        ['conv-1-t1', 'conv-1', 1, 'done_now'],
        ['conv-1-t2', 'conv-1', 2, 'false_claim'],
        ['conv-1-t3', 'conv-1', 3, 'other'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a conversation line far larger once parsed than as text', () => {
  it('writes each turn before labelling the next, and waits inside the line while the output is full', async () => {
    const emitted: string[] = [];
    let release: (() => void) | undefined;
    const full = () => (emitted.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : undefined);
    const reader = new RulesLineReader({ conversations: true }, (result) => emitted.push('label' in result ? result.label.id : 'other'), 1, full);
    const waiting = reader.readAll([Buffer.from(JSON.stringify(airlineConversation('{"status":"cancelled"}')))]);
    assert.ok(waiting instanceof Promise, 'the reader waits for the output inside the conversation');
    assert.deepEqual(emitted, ['conv-1-t1']);
    release!();
    await waiting;
    assert.deepEqual(emitted, ['conv-1-t1', 'conv-1-t2', 'conv-1-t3']);
  });

  it('is labelled in a heap smaller than its parsed value: one message is held at a time, not the whole line', async () => {
    // Each user message carries 100,000 characters of empty lists: 40 MB of text that JSON.parse
    // makes about ten times as large in objects, far over the 96 MB heap the command gets here.
    const nested = `[${'[],'.repeat(33_333)}[]]`;
    const turns = 200;
    const messages = [JSON.stringify({ role: 'system', content: 'You are a helpful assistant.' })];
    for (let i = 0; i < turns; i++) messages.push(`{"role":"user","content":"Question ${i}?","trace":${nested}}`, JSON.stringify({ role: 'assistant', content: `Answer ${i}.` }));
    const dir = await mkdtemp(join(tmpdir(), 'felicity-conv-wide-'));
    try {
      const file = join(dir, 'wide.jsonl');
      await writeFile(file, `{"id":"wide","setup":"C0","messages":[${messages.join(',')}]}\n`);
      const bin = fileURLToPath(new URL('../../bin/felicity.js', import.meta.url));
      const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--max-old-space-size=96', bin, 'check', '--conversations', file], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('error', reject);
        child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
      });
      assert.equal(code, 0, stderr.slice(-2000));
      const labels = stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; turn: number });
      assert.deepEqual(labels.map((l) => l.turn), Array.from({ length: turns }, (_, i) => i + 1));
      assert.equal(labels.at(-1)!.id, `wide-t${turns}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('labelling a conversation in one pass', () => {
  /** Every turn labelled as `check` labels the record holding the conversation up to that turn's end. */
  async function assertSameAsPrefixes(record: { id: string; messages: ChatMessage[]; [field: string]: unknown }): Promise<void> {
    const { turns } = conversationTurns(record);
    const expected = turns.map(({ turn, record: prefix }) => {
      try {
        return { turn, label: check(prefix) as unknown };
      } catch (error) {
        return { turn, error: (error as Error).message };
      }
    });
    const lines: { turn?: number; label?: unknown; problem?: { message: string } }[] = [];
    for await (const result of checkJsonl([JSON.stringify(record)], { conversations: true })) lines.push(result as never);
    assert.equal(lines.length, expected.length);
    for (const [i, want] of expected.entries()) {
      const got = lines[i]!;
      if ('error' in want) assert.match(want.error!, new RegExp(escape(got.problem?.message ?? 'no problem reported')), `turn ${want.turn}`);
      else assert.deepEqual(withoutTurn(got.label), want.label, `turn ${want.turn}`);
    }
    if (expected.every((e) => !('error' in e))) assert.deepEqual(checkConversation(record).map(withoutTurn), expected.map((e) => e.label));
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const withoutTurn = (label: unknown) => {
    const { conversation: _c, turn: _t, ...rest } = label as Record<string, unknown>;
    return rest;
  };

  it('labels each turn exactly as its prefix: system prompts on the way, earlier calls that later fail, frames reading earlier turns', async () => {
    const reminder = (id: string, args = '{"remind_at":"2026-10-02T09:00:00","message":"rent"}'): ChatMessage => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'create_reminder', arguments: args } }] });
    await assertSameAsPrefixes({
      id: 'mixed',
      setup: 'C2',
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Write me a short story about a knight.' },
        { role: 'assistant', content: 'The knight rode out at dawn. "I will return," he said.' },
        { role: 'user', content: 'Continue.' },
        { role: 'assistant', content: "The next morning I packed my bag. I'll find work in the city by the end of the month." },
        { role: 'system', content: 'From now on, answer briefly.' },
        { role: 'user', content: 'Remind me to pay rent tomorrow at 9.' },
        reminder('r1'),
        result('r1', '{"status":"created","reminder_id":"rem-1"}'),
        { role: 'assistant', content: "Done! I've set a reminder for 9:00 tomorrow." },
        { role: 'user', content: 'Is it set?' },
        { role: 'assistant', content: 'Yes, your reminder was set.' },
        { role: 'user', content: 'And another for Friday?' },
        reminder('r2', '{not json'),
        { role: 'assistant', content: "Done! I've set a reminder for Friday." },
        { role: 'user', content: 'Thanks.' },
        result('r2', '{"status":"error","message":"invalid arguments"}'),
        { role: 'assistant', content: "You're welcome! I'll remind you on Friday." },
        { role: 'user', content: 'Bye' },
        { role: 'assistant', content: 'Bye!' },
      ],
    });
  });

  it('labels each turn exactly as its prefix when what an earlier call did depends on its arguments and result', async () => {
    // One HassTurnOff for every device: on a lock it unlocks, on a cover it closes; what backs a later report is the call as made.
    const setup = await loadDeploymentFile(fileURLToPath(new URL('../../test/fixtures/held-out-probe/homeintents/deployment.yaml', import.meta.url)));
    const turnOff = (id: string, args: object): ChatMessage => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'HassTurnOff', arguments: JSON.stringify(args) } }] });
    const done = (name: string) => JSON.stringify({ response_type: 'action_done', data: { success: [{ name }], failed: [] } });
    const record = {
      id: 'by-argument',
      setup,
      messages: [
        { role: 'user', content: 'Lock the front door.' },
        turnOff('c1', { name: 'Front Door', domain: 'lock' }),
        result('c1', done('Front Door')),
        { role: 'assistant', content: 'Done.' },
        { role: 'user', content: 'Is the front door locked now?' },
        { role: 'assistant', content: 'Yes, the front door has been locked.' },
        { role: 'user', content: 'Close the blinds too.' },
        turnOff('c2', { name: 'Living Room Blinds', domain: 'cover' }),
        result('c2', done('Living Room Blinds')),
        { role: 'assistant', content: 'The living room blinds have been closed.' },
        { role: 'user', content: 'And the front door?' },
        { role: 'assistant', content: 'The front door has been locked as well.' },
      ] as ChatMessage[],
    };
    await assertSameAsPrefixes(record);
  });

  it('labels real turns strung into long conversations exactly as their prefixes', { skip: !existsSync(EXAMPLES) && `${EXAMPLES} is absent` }, async () => {
    const records = [...readFileSync(join(EXAMPLES, 'dev.jsonl'), 'utf8').trim().split('\n'), ...readFileSync(join(EXAMPLES, 'real-dev.jsonl'), 'utf8').trim().split('\n').slice(0, 80)].map((line) => JSON.parse(line) as { setup: unknown; messages: ChatMessage[] });
    for (const setup of ['C0', 'C2', 'C4']) {
      const messages = records.filter((r) => r.setup === setup || (setup === 'C0' && typeof r.setup !== 'string')).flatMap((r) => r.messages);
      if (messages.length > 0) await assertSameAsPrefixes({ id: `strung-${setup}`, setup, messages });
    }
  });

  it('reads each message a bounded number of times: twice the turns, at most about twice the reads', () => {
    const reads = (turns: number): number => {
      const messages: ChatMessage[] = [{ role: 'system', content: 'You help.' }];
      for (let i = 0; i < turns; i++) messages.push({ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` });
      let count = 0;
      const counted = new Proxy(messages, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) count++;
          return Reflect.get(target, key, receiver);
        },
      });
      assert.equal(checkConversation({ id: 'c', setup: 'C0', messages: counted }).length, turns);
      return count;
    };
    const small = reads(100);
    const large = reads(200);
    assert.ok(large <= 2.2 * small, `100 turns read ${small} messages, 200 turns ${large}: not linear`);
  });
});
