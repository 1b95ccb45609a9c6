import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { chatCommand } from './chat.ts';
import { reply, startScriptedServer, toolThenText, type Script } from '../llm/testing/scripted-chat-server.ts';

/** Runs `felicity chat ARGS` in-process, capturing what it writes and its exit code. */
async function chat(args: string[]): Promise<{ out: string; err: string; code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t), fail: (c: number) => void (code = c) };
  await chatCommand(io).exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }).parseAsync(args, { from: 'user' });
  return { out: out.join(''), err: err.join(''), code };
}

async function withModel(script: Script, run: (spec: string) => Promise<void>): Promise<void> {
  const server = await startScriptedServer(script);
  try {
    await run(`openai-compatible:${server.url}#m`);
  } finally {
    await server.close();
  }
}

test('prints the transcript (user, tool call and result, reply) and the check label', async () => {
  const script = toolThenText('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }, "Done! I've set a reminder for 9:00 tomorrow to pay your rent.");
  await withModel(script, async (spec) => {
    const { out, err, code } = await chat(['--model', spec, '--setup', 'C2', '--context', "I'm sorting bills tonight.", 'Remind me to pay rent tomorrow morning.']);
    assert.equal(code, 0, err);
    assert.match(out, /^user: I'm sorting bills tonight\. Remind me to pay rent tomorrow morning\.$/m);
    assert.match(out, /→ create_reminder\(\{"remind_at":"2026-10-02T09:00:00","message":"Pay rent"\}\)/);
    assert.match(out, /← \{"status":"created"/);
    assert.match(out, /^assistant: Done! I've set a reminder/m);
    assert.match(out, /^label: \w+/m);
  });
});

test('--json prints a turn record that carries the exact request parameters', async () => {
  await withModel([reply.text("I'll remind you tomorrow!")], async (spec) => {
    const { out, code } = await chat(['--model', spec, '--setup', 'c0', '--temperature', '0.2', '--seed', '7', '--max-tokens', '300', '--no-thinking', '--json', 'Remind me to call mum.']);
    assert.equal(code, 0);
    const record = JSON.parse(out) as Record<string, unknown>;
    assert.equal(record['id'], 'chat-1');
    assert.equal(record['setup'], 'C0');
    assert.deepEqual(record['request_params'], { model: 'm', temperature: 0.2, max_tokens: 300, seed: 7, chat_template_kwargs: { enable_thinking: false } });
    assert.deepEqual((record['messages'] as Array<{ role: string }>).map((m) => m.role), ['system', 'user', 'assistant']);
  });
});

test('--category goes into the turn record and the check: a refusal of a doable request is over-refusal', async () => {
  const refusal = "I'm sorry, I can't set reminders.";
  await withModel(() => reply.text(refusal), async (spec) => {
    const json = await chat(['--model', spec, '--setup', 'C2', '--category', 'reminder', '--json', 'Remind me to call mum at 6.']);
    assert.equal(json.code, 0, json.err);
    assert.equal((JSON.parse(json.out) as { category?: string }).category, 'reminder');
    const labelled = await chat(['--model', spec, '--setup', 'C2', '--category', 'reminder', 'Remind me to call mum at 6.']);
    assert.match(labelled.out, /^label: over_refusal/m);
    const without = await chat(['--model', spec, '--setup', 'C2', 'Remind me to call mum at 6.']);
    assert.doesNotMatch(without.out, /^label: over_refusal/m, 'without a category doability is unknown');
  });
  await assert.rejects(chat(['--model', 'ollama:m', '--setup', 'C2', '--category', 'weather', 'x']), /argument 'weather' is invalid/);
});

test('--setup takes a deployment file: its tools are offered, its mocks answer, its tags judge the reply', async () => {
  const file = fileURLToPath(new URL('../../examples/calendar-agent.yaml', import.meta.url));
  const server = await startScriptedServer((request) =>
    request.body.messages.at(-1)?.role === 'user'
      ? reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Dentist' })
      : reply.text("Done! I've set a reminder for 9:00 tomorrow."),
  );
  try {
    const spec = `openai-compatible:${server.url}#m`;
    const { out, err, code } = await chat(['--model', spec, '--setup', file, 'Remind me about the dentist tomorrow at 9.']);
    assert.equal(code, 0, err);
    assert.deepEqual(
      server.requests[0]!.body.tools!.map((t) => t.function.name),
      ['get_current_time', 'list_events', 'create_calendar_event', 'send_email', 'create_reminder'],
    );
    assert.match(out, /← \{"status":"created","reminder_id":"rem-001"\}/);
    assert.match(out, /^label: anchored$/m);
    const json = await chat(['--model', spec, '--setup', file, '--json', 'Remind me about the dentist tomorrow at 9.']);
    assert.equal(json.code, 0, json.err);
    assert.equal((JSON.parse(json.out) as { setup: { id: string } }).setup.id, 'calendar-agent');
  } finally {
    await server.close();
  }
});

test('a failed model call exits non-zero with a one-line reason', async () => {
  await withModel(() => reply.status(401, 'invalid key'), async (spec) => {
    const { err, code } = await chat(['--model', spec, '--setup', 'C2', 'Remind me.']);
    assert.equal(code, 1);
    assert.match(err, /^felicity chat: model call failed: auth \(HTTP 401\) after 1 attempt: .*invalid key\n/);
    // A refused key says which variable this provider reads.
    assert.match(err, /\nfelicity chat: the server wants a key: set OPENAI_COMPATIBLE_API_KEY/);
  });
});

test('bad input exits 2 with one line: bad spec, unknown setup, missing gguf file', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--model', 'gpt4', '--setup', 'C2', 'x'], /^felicity chat: bad model spec "gpt4": no provider prefix/],
    [['--model', 'ollama:m', '--setup', 'C9', 'x'], /^felicity chat: .*unknown setup "C9"/],
    [['--model', 'gguf:/nope/model.gguf', '--setup', 'C2', 'x'], /^felicity chat: GGUF model file not found: \/nope\/model\.gguf\n$/],
    [['--model', 'ollama:m', '--setup', 'C2', '  '], /^felicity chat: the request is empty\n$/],
  ];
  for (const [args, expected] of cases) {
    const { err, code } = await chat(args);
    assert.equal(code, 2, args.join(' '));
    assert.match(err, expected);
    assert.equal(err.trim().split('\n').length, 1, err);
  }
});
