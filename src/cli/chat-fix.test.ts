import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatCommand } from './chat.ts';
import { reply, startScriptedServer, type Script, type ScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { CAPABILITY_CARD_HEADING } from '../setups/capability-card.ts';

async function chat(args: string[], script: Script): Promise<{ out: string; err: string; code: number; server: ScriptedServer }> {
  const server = await startScriptedServer(script);
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t), fail: (c: number) => void (code = c) };
  try {
    await chatCommand(io)
      .exitOverride()
      .configureOutput({ writeOut: io.out, writeErr: io.err })
      .parseAsync(['--model', `openai-compatible:${server.url}#m`, ...args], { from: 'user' });
  } finally {
    await server.close();
  }
  return { out: out.join(''), err: err.join(''), code, server };
}

const DEFERRAL = "I can't do anything once this chat ends, so I can't remind you. An alarm on your phone for tomorrow morning would do it.";

test('--fix guard rewrites a failing reply and says what it changed', async () => {
  const { out, err, code, server } = await chat(
    ['--setup', 'C0', '--fix', 'guard', 'Remind me to pay rent tomorrow morning.'],
    [reply.text("Sure! I'll remind you about this tomorrow at 9am."), reply.text(DEFERRAL)],
  );
  assert.equal(code, 0, err);
  assert.equal(server.count(), 2);
  assert.match(out, new RegExp(`^assistant: ${DEFERRAL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  assert.match(out, /^guard: the draft was labelled empty; rewritten, now \w+ \(1 extra model call\)$/m);
  assert.match(out, /^ {2}draft: Sure! I'll remind you about this tomorrow at 9am\.$/m);
});

test('--fix A is the card: the capability card is in the system prompt and the record says card', async () => {
  const { out, code, server } = await chat(['--setup', 'C2', '--fix', 'A', '--json', 'Remind me to pay rent.'], [reply.text('What time tomorrow?')]);
  assert.equal(code, 0);
  const record = JSON.parse(out) as { fix: string; messages: { role: string; content: string }[] };
  assert.equal(record.fix, 'card');
  assert.ok(record.messages[0]!.content.includes(CAPABILITY_CARD_HEADING));
  assert.ok(String(server.requests[0]!.body.messages[0]?.content).includes(CAPABILITY_CARD_HEADING));
});

test('--fix with an unknown name is refused', async () => {
  const { err, code } = await chat(['--setup', 'C2', '--fix', 'C', 'Remind me.'], []).catch((e: unknown) => ({ err: String(e), code: 1, out: '', server: undefined as never }));
  assert.equal(code, 1);
  assert.match(err, /expected one of none, card, guard, reanchor, got "C"/);
});

test('--fix guard with --category: the guard checks against the category, so a deferral in C0 stands', async () => {
  const { out, code, server } = await chat(
    ['--setup', 'C0', '--category', 'reminder', '--fix', 'guard', 'Remind me to pay rent tomorrow morning.'],
    [reply.text("Sure! I'll remind you about this tomorrow at 9am."), reply.text(DEFERRAL)],
  );
  assert.equal(code, 0);
  assert.equal(server.count(), 2);
  assert.match(out, /^guard: the draft was labelled empty; rewritten, now deferral \(1 extra model call\)$/m);
  assert.match(out, /^label: deferral$/m);
});
