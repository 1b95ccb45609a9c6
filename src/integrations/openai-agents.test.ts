/**
 * An OpenAI Agents SDK agent with `felicityGuardrail`, its model an OpenAI client pointed at a
 * scripted loopback upstream: clean output passes, failing output trips with the verdict. And the
 * same agent through `felicity guard`, where a false claim is rewritten and an unanchored promise
 * comes back as a tool call the agent's own tool runs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
// The agents SDK ships its own copy of openai; the client is passed across the two copies' types.
import { Agent, OpenAIChatCompletionsModel, OutputGuardrailTripwireTriggered, run, setTracingDisabled, tool } from '@openai/agents';
import OpenAI from 'openai';
import { z } from 'zod';
import { agentModel, CLEAN_REPLY, HONEST_REWRITE, LOOP_REPLY, PROMISE_REPLY, REMINDER_TOOL } from '../guard-proxy/testing/agent-model.ts';
import { startHarness, type Harness } from '../guard-proxy/testing/harness.ts';
import { startScriptedUpstream, type ScriptedUpstream } from '../guard-proxy/testing/scripted-upstream.ts';
import type { Verdict } from '../guard-proxy/verdict.ts';
import { felicityGuardrail } from './openai-agents.ts';

setTracingDisabled(true);

function makeAgent(baseURL: string, guarded: boolean) {
  const created: unknown[] = [];
  const verdicts: Verdict[] = [];
  const agent = new Agent({
    name: 'assistant',
    instructions: 'You help with reminders.',
    model: new OpenAIChatCompletionsModel(new OpenAI({ baseURL, apiKey: 'sk-test', maxRetries: 0 }) as never, 'scripted'),
    tools: [
      tool({
        name: 'create_reminder',
        description: REMINDER_TOOL.function.description,
        parameters: z.object({ remind_at: z.string(), message: z.string() }),
        execute: async (input) => {
          created.push(input);
          return JSON.stringify({ status: 'created', reminder_id: 'rem-1' });
        },
      }),
    ],
    outputGuardrails: guarded ? [felicityGuardrail({ onVerdict: (v) => verdicts.push(v) })] : [],
  });
  return { agent, created, verdicts };
}

describe('felicityGuardrail', () => {
  let upstream: ScriptedUpstream;
  before(async () => {
    upstream = await startScriptedUpstream(agentModel);
  });
  after(() => upstream.close());

  test('a clean final output passes unchanged, with its verdict', async () => {
    const { agent, verdicts } = makeAgent(upstream.url, true);
    const result = await run(agent, 'CLEAN: what is the capital of France?');
    assert.equal(result.finalOutput, CLEAN_REPLY);
    assert.deepEqual(verdicts.map((v) => [v.outcome, v.action]), [['other', 'none']]);
  });

  for (const [ask, outcome] of [['CLAIM: remind me tomorrow at 9 to pay rent', 'false_claim'], ['EMPTY: email me the report tonight', 'empty'], ['PROMISE: remind me tomorrow at 9 to pay rent', 'unanchored']] as const) {
    test(`a ${outcome} output trips the guardrail; the verdict is its info`, async () => {
      const { agent } = makeAgent(upstream.url, true);
      const error = await run(agent, ask).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof OutputGuardrailTripwireTriggered, String(error));
      const info = error.result.output.outputInfo as Verdict;
      assert.equal(info.outcome, outcome);
      assert.equal(info.action, 'blocked');
      assert.ok(info.spans.length > 0);
    });
  }

  test("the run's own tool calls anchor the final output", async () => {
    const { agent, created, verdicts } = makeAgent(upstream.url, true);
    const result = await run(agent, 'LOOP: remind me tomorrow at 9 to pay rent');
    assert.equal(created.length, 1);
    assert.equal(result.finalOutput, LOOP_REPLY);
    assert.equal(verdicts[0]!.certified, true);
  });
});

describe('an Agents SDK agent through felicity guard', () => {
  let rewrite: Harness;
  let reanchor: Harness;
  before(async () => {
    rewrite = await startHarness(agentModel, { onFail: 'rewrite' });
    reanchor = await startHarness(agentModel, { onFail: 'reanchor' });
  });
  after(async () => {
    await rewrite.close();
    await reanchor.close();
  });

  test('a clean output is unchanged', async () => {
    const { agent } = makeAgent(rewrite.base, false);
    assert.equal((await run(agent, 'CLEAN: what is the capital of France?')).finalOutput, CLEAN_REPLY);
  });

  test('a false claim is rewritten', async () => {
    const { agent, created } = makeAgent(rewrite.base, false);
    assert.equal((await run(agent, 'CLAIM: remind me tomorrow at 9 to pay rent')).finalOutput, HONEST_REWRITE);
    assert.equal(created.length, 0);
  });

  test("an unanchored promise comes back as a tool call the agent's own tool runs", async () => {
    const { agent, created } = makeAgent(reanchor.base, false);
    const result = await run(agent, 'PROMISE: remind me tomorrow at 9 to pay rent');
    assert.deepEqual(created, [{ remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }]);
    assert.equal(result.finalOutput, PROMISE_REPLY);
  });
});
