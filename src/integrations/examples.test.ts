/**
 * The README's integration examples, run as a user would (plain JavaScript against the built
 * package): the AI SDK middleware rewrites an over-claim; the Agents SDK guardrail trips on an
 * empty promise from a scripted loopback model.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { say, startScriptedUpstream } from '../guard-proxy/testing/scripted-upstream.ts';

const example = (name: string) => fileURLToPath(new URL(`../../examples/${name}`, import.meta.url));
const run = (name: string, ...args: string[]) => promisify(execFile)(process.execPath, [example(name), ...args]);

test('examples/guard-ai-sdk.mjs: the over-claim is rewritten before the app sees it', async () => {
  const { stdout } = await run('guard-ai-sdk.mjs');
  assert.match(stdout, /^verdict: false_claim, rewritten$/m);
  assert.match(stdout, /^reply: I haven't set that reminder: nothing is scheduled yet\.$/m);
});

test('examples/guard-agents.mjs: an empty promise trips the guardrail, a kept one passes', async () => {
  const upstream = await startScriptedUpstream((request) =>
    JSON.stringify(request.body.messages).includes('late') ? say.text("Sure, I'll email your landlord tonight.") : say.text('ok'),
  );
  try {
    const { stdout } = await run('guard-agents.mjs', upstream.url, 'scripted');
    assert.match(stdout, /^tripped: empty — "I'll email your landlord tonight"$/m);
  } finally {
    await upstream.close();
  }
});
