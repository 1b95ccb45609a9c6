/**
 * The README's integration examples, run as a user would (plain JavaScript against the built
 * package): the AI SDK middleware rewrites an over-claim; the Agents SDK guardrail trips on an
 * empty promise from a scripted loopback model; an Agents SDK agent on the Responses API and an
 * Anthropic SDK tool loop run through the guard proxy in front of scripted loopback upstreams.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { agentModel, CLAIM_REPLY, PROMISE_REPLY } from '../guard-proxy/testing/agent-model.ts';
import { startHarness } from '../guard-proxy/testing/harness.ts';
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

test('examples/guard-agents-responses.mjs: an Agents SDK agent on the Responses API through the guard; a promise comes back as the call its tool runs', async () => {
  const harness = await startHarness(agentModel, { onFail: 'reanchor' });
  try {
    const { stdout } = await run('guard-agents-responses.mjs', harness.base, 'scripted', 'PROMISE: remind me tomorrow at 9 to pay rent');
    assert.match(stdout, /^tool: create_reminder 2026-10-02T09:00:00 "Pay rent"$/m);
    assert.ok(stdout.includes(`reply: ${PROMISE_REPLY}\n`), stdout);
    assert.ok(harness.upstream.requests.every((r) => r.api === 'responses'), 'every model call went over the Responses API');
  } finally {
    await harness.close();
  }
});

test('examples/guard-anthropic.mjs: the Anthropic SDK through /v1/messages; a false claim comes back as the tool_use its loop runs', async () => {
  const harness = await startHarness(agentModel, { onFail: 'reanchor' });
  try {
    const { stdout } = await run('guard-anthropic.mjs', harness.proxy.url, 'claude-test', 'CLAIM: remind me tomorrow at 9 to pay rent');
    assert.match(stdout, /^verdict: outcome=false_claim; action=reanchored; certified=true$/m);
    assert.match(stdout, /^tool: create_reminder 2026-10-02T09:00:00 "Pay rent"$/m);
    assert.match(stdout, /^verdict: outcome=(anchored|done_now|other); action=none; certified=true$/m);
    assert.ok(stdout.includes(`reply: ${CLAIM_REPLY}`), stdout);
    assert.ok(harness.upstream.requests.every((r) => r.api === 'messages'));
  } finally {
    await harness.close();
  }
});
