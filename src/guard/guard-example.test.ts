import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { reply, startScriptedServer } from '../llm/testing/scripted-chat-server.ts';

const EXAMPLE = fileURLToPath(new URL('../../examples/guard-turn.mjs', import.meta.url));
const run = (...args: string[]) => promisify(execFile)(process.execPath, [EXAMPLE, ...args]);

test('the README example annotates without a model', async () => {
  const { stdout } = await run();
  assert.match(stdout, /^the draft was labelled unanchored; annotate only, nothing changed$/m);
  assert.match(stdout, /^calls: none$/m);
});

test('the README example re-anchors with a model: the reminder is really created', async () => {
  const server = await startScriptedServer((request) =>
    request.body.messages.at(-1)?.role === 'user'
      ? reply.toolCall('create_reminder', { remind_at: '2026-10-02T09:00:00', message: 'Pay rent' })
      : reply.text("Done! I've set a reminder for 9:00 tomorrow morning to pay rent."),
  );
  try {
    const { stdout } = await run(`openai-compatible:${server.url}#m`);
    assert.match(stdout, /^the draft was labelled unanchored; re-anchored, now anchored$/m);
    assert.match(stdout, /^calls: create_reminder$/m);
    assert.equal(server.count(), 2);
  } finally {
    await server.close();
  }
});
