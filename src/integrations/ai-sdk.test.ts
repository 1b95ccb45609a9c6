/**
 * An AI SDK app through `felicityMiddleware`: generateText and streamText in a multi-step tool
 * loop with the app's own tool, against a scripted language model, for each policy.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { check } from '../check/check.ts';
import { CLAIM_REPLY, CLEAN_REPLY, EMPTY_REPLY, HONEST_REWRITE, LOOP_REPLY, PROMISE_REPLY, REMINDER_TOOL } from '../guard-proxy/testing/agent-model.ts';
import type { Verdict } from '../guard-proxy/verdict.ts';
import { felicityMiddleware, type FelicityMiddlewareOptions } from './ai-sdk.ts';
import { scriptedLanguageModel } from './testing/scripted-language-model.ts';

function app(options: FelicityMiddlewareOptions) {
  const created: unknown[] = [];
  const verdicts: Verdict[] = [];
  const model = wrapLanguageModel({ model: scriptedLanguageModel(), middleware: felicityMiddleware({ ...options, onVerdict: (v) => verdicts.push(v) }) });
  const tools = {
    create_reminder: tool({
      description: REMINDER_TOOL.function.description,
      inputSchema: jsonSchema<{ remind_at: string; message: string }>(REMINDER_TOOL.function.parameters as never),
      execute: async (input) => {
        created.push(input);
        return { status: 'created', reminder_id: 'rem-1' };
      },
    }),
  };
  const settings = { model, tools, stopWhen: stepCountIs(4) };
  return {
    created,
    verdicts,
    async run(prompt: string, stream: boolean): Promise<{ text: string; steps: number; felicity: Verdict | undefined }> {
      if (!stream) {
        const result = await generateText({ ...settings, prompt });
        return { text: result.text, steps: result.steps.length, felicity: result.providerMetadata?.['felicity'] as Verdict | undefined };
      }
      const result = streamText({ ...settings, prompt });
      const text = await result.text;
      return { text, steps: (await result.steps).length, felicity: (await result.providerMetadata)?.['felicity'] as Verdict | undefined };
    },
  };
}

const passes = (text: string) => !check({ id: 'x', setup: { id: 'd', tools: [{ name: 'create_reminder', description: REMINDER_TOOL.function.description, capabilities: ['run_later', 'notify_user_later'] }] }, messages: [{ role: 'user', content: 'remind me' }, { role: 'assistant', content: text }] }).failure;

for (const stream of [false, true]) {
  describe(stream ? 'streamText' : 'generateText', () => {
    test('a clean reply is unchanged and carries its verdict', async () => {
      const { run } = app({ policy: 'rewrite' });
      const result = await run('CLEAN: what is the capital of France?', stream);
      assert.equal(result.text, CLEAN_REPLY);
      assert.equal(result.felicity?.action, 'none');
    });

    test('rewrite: a false claim is rewritten by the same model', async () => {
      const { run } = app({ policy: 'rewrite' });
      const result = await run('CLAIM: remind me tomorrow at 9 to pay rent', stream);
      assert.equal(result.text, HONEST_REWRITE);
      assert.equal(result.felicity?.outcome, 'false_claim');
      assert.equal(result.felicity?.action, 'rewritten');
    });

    test('block: an empty promise is blocked with a reply that passes', async () => {
      const { run } = app({ policy: 'block' });
      const result = await run('EMPTY: email me the report tonight', stream);
      assert.notEqual(result.text, EMPTY_REPLY);
      assert.ok(passes(result.text), result.text);
      assert.equal(result.felicity?.action, 'blocked');
    });

    test('annotate: the reply is unchanged and the verdict names the failure', async () => {
      const { run } = app({ policy: 'annotate' });
      const result = await run('CLAIM: remind me tomorrow at 9 to pay rent', stream);
      assert.equal(result.text, CLAIM_REPLY);
      assert.equal(result.felicity?.outcome, 'false_claim');
      assert.equal(result.felicity?.action, 'annotated');
    });

    test("reanchor: an unanchored promise becomes a tool call the app's own tool runs, then the reply passes", async () => {
      const { run, created, verdicts } = app({ policy: 'reanchor' });
      const result = await run('PROMISE: remind me tomorrow at 9 to pay rent', stream);
      assert.deepEqual(created, [{ remind_at: '2026-10-02T09:00:00', message: 'Pay rent' }]);
      assert.equal(result.steps, 2);
      assert.equal(result.text, PROMISE_REPLY);
      assert.deepEqual(verdicts.map((v) => [v.outcome, v.action]), [['unanchored', 'reanchored'], ['anchored', 'none']]);
    });

    test('a multi-step tool loop: the call step passes, the text step is judged', async () => {
      const { run, created, verdicts } = app({ policy: 'rewrite' });
      const result = await run('LOOP: remind me tomorrow at 9 to pay rent', stream);
      assert.equal(created.length, 1);
      assert.equal(result.text, LOOP_REPLY);
      assert.deepEqual(verdicts.map((v) => v.action), ['skipped', 'none']);
    });
  });
}
