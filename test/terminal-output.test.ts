/**
 * Model text, ids and messages printed to a terminal cannot drive it: escape sequences in a reply
 * (OSC 0 retitles the window, CSI 2J clears the screen, OSC 52 writes the clipboard) reach the
 * terminal as visible \u001b escapes, never raw, through `check --explain` and `chat`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatCommand } from '../src/cli/chat.ts';
import { reply, startScriptedServer } from '../src/llm/testing/scripted-chat-server.ts';
import { felicity } from './helpers/felicity-bin.ts';

const HOSTILE = "Sure! I'll remind you tomorrow at 9am.\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007 Bye\u009b31m now.\u202E";
/** Any character a terminal acts on, other than tab and line feed. */
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

test('check --explain shows the escape codes of a reply and of an id, never sends them raw', async () => {
  const record = { id: 'x\u001b[31m-1', setup: 'C0', category: 'reminder', messages: [{ role: 'user', content: 'Remind me tomorrow.' }, { role: 'assistant', content: HOSTILE }] };
  const { code, stdout, stderr } = await felicity(['check', '-', '--explain'], `${JSON.stringify(record)}\n`);
  assert.equal(code, 0, stderr);
  assert.match(stderr, /── x\\u001b\[31m-1: empty/);
  assert.ok(stderr.includes('\\u001b]0;pwned\\u0007'), stderr);
  assert.doesNotMatch(stderr, RAW_CONTROL);
  // The label itself is JSON, its span copied exactly (JSON escapes the C0 controls).
  assert.equal(JSON.parse(stdout).outcome, 'empty');
});

test('a bad line that quotes hostile input is reported without its escape codes', async () => {
  const { stderr } = await felicity(['check', '-'], `${JSON.stringify({ id: 'y', setup: 'C\u009b2J\u202E', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] })}\n`);
  assert.match(stderr, /stdin:1: setup:/);
  assert.doesNotMatch(stderr, RAW_CONTROL);
});

test("chat's explanation block and label show a reply's escape codes visibly", async () => {
  const server = await startScriptedServer(() => reply.text(HOSTILE));
  const out: string[] = [];
  const err: string[] = [];
  try {
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t), fail: () => {} };
    await chatCommand(io).parseAsync(['--model', `openai-compatible:${server.url}#m`, '--setup', 'C0', '--category', 'reminder', 'Remind me tomorrow.'], { from: 'user' });
  } finally {
    await server.close();
  }
  const printed = out.join('') + err.join('');
  assert.match(printed, /── chat-1: empty/);
  assert.ok(printed.includes('\\u001b[2J'), printed);
  assert.doesNotMatch(printed, RAW_CONTROL);
});
