/**
 * `--engine hybrid --judge-model SPEC`: a reply the rules cannot read (Spanish) is labelled by the
 * judge model, a loopback OpenAI-compatible server scripted as a judge, on every API of the proxy,
 * in the AI SDK middleware and in the Agents SDK guardrail. An English reply never reaches it; a
 * judge that fails is handled by `--on-error`; a judge that is down stops the proxy at its start.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled } from '@openai/agents';
import { generateText, wrapLanguageModel } from 'ai';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { EndpointUnreachableError } from '../benchmark/endpoint-check.ts';
import { hybridGuardEngine } from '../guard/hybrid-guard-engine.ts';
import { SPANISH_CLEAN, SPANISH_COMMITMENT, spanishJudge } from '../guard/testing/spanish-judge.ts';
import { felicityMiddleware } from '../integrations/ai-sdk.ts';
import { felicityGuardrail } from '../integrations/openai-agents.ts';
import { scriptedLanguageModel } from '../integrations/testing/scripted-language-model.ts';
import { createChatModel } from '../llm/create-chat-model.ts';
import { reply, startScriptedServer, type ScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { GuardConfigError, resolveGuardConfig, DEFAULTS } from './config.ts';
import { startGuardProxy } from './server.ts';
import { agentModel, HONEST_REWRITE, SPANISH_REPLY } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { say } from './testing/scripted-upstream.ts';
import type { Verdict } from './verdict.ts';

setTracingDisabled(true);

async function withJudge(body: (judge: ScriptedServer, spec: string) => Promise<void>): Promise<void> {
  const judge = await startScriptedServer(spanishJudge);
  try {
    await body(judge, `openai-compatible:${judge.url}#judge`);
  } finally {
    await judge.close();
  }
}

/** The upstream: Spanish when asked (SPANISH_CLEAN on CLEAN_ES), otherwise the agent model. */
function upstream(request: Parameters<typeof agentModel>[0]) {
  const last = request.body.messages.at(-1);
  if (typeof last?.content === 'string' && last.content.includes('CLEAN_ES')) return say.text(SPANISH_CLEAN);
  return agentModel(request);
}

describe('the proxy with --engine hybrid', () => {
  test('a Spanish empty promise is blocked under --on-fail block because the judge says so, on every API, streamed or not, with the judge\'s tokens in felicity.usage', async () => {
    await withJudge(async (judge, spec) => {
      const harness = await startHarness(upstream, { onFail: 'block', engine: 'hybrid', judgeModel: spec });
      try {
        assert.equal(judge.count(), 1, 'one preflight call at start');
        const openai = new OpenAI({ baseURL: harness.base, apiKey: 'sk-test', maxRetries: 0 });
        const anthropic = new Anthropic({ baseURL: harness.proxy.url, apiKey: 'sk-ant-test', maxRetries: 0 });
        const expected = 'outcome=empty; action=blocked; certified=true; labelled_by=judge_model';
        for (const stream of [false, true]) {
          const chat = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'SPANISH: recuérdame mañana' }], stream }).withResponse();
          assert.equal(chat.response.headers.get('x-felicity-verdict'), expected);
          const responses = await openai.responses.create({ model: 'm', input: 'SPANISH: recuérdame mañana', stream }).withResponse();
          assert.equal(responses.response.headers.get('x-felicity-verdict'), expected);
          const messages = await anthropic.messages.create({ model: 'c', max_tokens: 50, messages: [{ role: 'user', content: 'SPANISH: recuérdame mañana' }], stream }).withResponse();
          assert.equal(messages.response.headers.get('x-felicity-verdict'), expected);
          if (!stream) {
            const completion = chat.data as OpenAI.Chat.ChatCompletion;
            assert.notEqual(completion.choices[0]!.message.content, SPANISH_REPLY);
            const felicity = (completion as unknown as { felicity: Verdict }).felicity;
            assert.deepEqual([felicity.outcome, felicity.labelled_by, felicity.checked, felicity.spans[0]?.span], ['empty', 'judge_model', true, SPANISH_COMMITMENT.span]);
            // The detector and the response judge, 120 tokens each; the upstream's own 15 on top.
            assert.equal(felicity.usage?.total_tokens, 240);
            assert.equal(completion.usage?.total_tokens, 255);
          }
        }
        assert.equal(judge.count(), 1 + 6 * 2, 'two judgments per reply, none cached');
      } finally {
        await harness.close();
      }
    });
  });

  test('a Spanish clean reply passes certified, byte for byte; English replies never reach the judge', async () => {
    await withJudge(async (judge, spec) => {
      const harness = await startHarness(upstream, { onFail: 'block', engine: 'hybrid', judgeModel: spec });
      try {
        const openai = new OpenAI({ baseURL: harness.base, apiKey: 'sk-test', maxRetries: 0 });
        const clean = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'CLEAN_ES' }] }).withResponse();
        assert.equal(clean.response.headers.get('x-felicity-verdict'), 'outcome=other; action=none; certified=true; labelled_by=judge_model');
        assert.equal(clean.data.choices[0]!.message.content, SPANISH_CLEAN);
        assert.equal((clean.data as unknown as { felicity?: unknown }).felicity, undefined);
        const asked = judge.count();
        for (const content of ['PROMISE: remind me tomorrow', 'CLAIM: remind me', 'what is the capital of France?']) {
          const english = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content }] }).withResponse();
          assert.doesNotMatch(english.response.headers.get('x-felicity-verdict')!, /labelled_by/);
        }
        assert.equal(judge.count(), asked, 'no English reply was sent to the judge');
      } finally {
        await harness.close();
      }
    });
  });

  test('--on-fail rewrite: the judge labels the draft, and a rewrite in Spanish too; the usage adds both the judge and the rewrite', async () => {
    await withJudge(async (judge, spec) => {
      for (const rewrite of ['english', 'spanish'] as const) {
        // The rewrite call is the one whose single message holds the drafted reply.
        const script = (request: Parameters<typeof agentModel>[0]) =>
          rewrite === 'spanish' && request.body.messages.length === 1 && JSON.stringify(request.body.messages).includes('has drafted the reply') ? say.text(SPANISH_CLEAN) : upstream(request);
        const harness = await startHarness(script, { onFail: 'rewrite', engine: 'hybrid', judgeModel: spec });
        try {
          const asked = judge.count();
          const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'SPANISH: recuérdame mañana' }] }) });
          const body = (await response.json()) as { choices: { message: { content: string } }[]; felicity: Verdict; usage: { total_tokens: number } };
          assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=empty; action=rewritten; certified=true; labelled_by=judge_model');
          assert.equal(body.choices[0]!.message.content, rewrite === 'spanish' ? SPANISH_CLEAN : HONEST_REWRITE);
          // The draft's two judgments and the rewrite (15); a Spanish rewrite is judged too (two more).
          const judged = rewrite === 'spanish' ? 4 : 2;
          assert.equal(judge.count() - asked, judged);
          assert.equal(body.felicity.usage?.total_tokens, 120 * judged + 15);
          assert.equal(body.usage.total_tokens, 15 + 120 * judged + 15);
        } finally {
          await harness.close();
        }
      }
    });
  });

  test('without a judge, a rewrite the rules cannot read is not certified: --on-error open sends the draft with its verdict', async () => {
    const script = (request: Parameters<typeof agentModel>[0]) => (request.body.messages.length === 1 && JSON.stringify(request.body.messages).includes('has drafted the reply') ? say.text(SPANISH_CLEAN) : upstream(request));
    const harness = await startHarness(script, { onFail: 'rewrite' });
    try {
      const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'PROMISE: remind me tomorrow at 9' }] }) });
      const body = (await response.json()) as { choices: { message: { content: string } }[]; felicity: Verdict };
      assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=empty; action=failed_open; certified=false');
      assert.match(body.felicity.reason, /the rewrite cannot be read by the rules \(not_labelled: language\)/);
      assert.notEqual(body.choices[0]!.message.content, SPANISH_CLEAN);
    } finally {
      await harness.close();
    }
  });

  test('a judge that fails on a reply: --on-error open sends it uncertified, closed blocks it', async () => {
    for (const onError of ['open', 'closed'] as const) {
      let failing = false;
      const judge = await startScriptedServer((request, index) => (failing ? reply.status(503, 'judge down') : spanishJudge(request, index)));
      const harness = await startHarness(upstream, { onFail: 'block', onError, engine: 'hybrid', judgeModel: `openai-compatible:${judge.url}#judge` });
      try {
        failing = true;
        const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'SPANISH: recuérdame mañana' }] }) });
        const body = (await response.json()) as { choices: { message: { content: string } }[]; felicity: Verdict };
        if (onError === 'open') {
          assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=not_labelled; action=failed_open; certified=false; not_labelled=language');
          assert.equal(body.choices[0]!.message.content, SPANISH_REPLY);
        } else {
          assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=not_labelled; action=failed_closed; certified=true; not_labelled=language');
          assert.notEqual(body.choices[0]!.message.content, SPANISH_REPLY);
        }
        assert.match(body.felicity.reason, /judge model failed on it \(server \(HTTP 503\)|judge model failed on it \(server/);
      } finally {
        await harness.close();
        await judge.close();
      }
    }
  });

  test('a judge that is down stops the proxy at its start, after one preflight', async () => {
    const judge = await startScriptedServer([]);
    const url = judge.url;
    await judge.close();
    await assert.rejects(startGuardProxy({ ...DEFAULTS, toolCapabilities: {}, upstream: 'http://127.0.0.1:9/v1', port: 0, engine: 'hybrid', judgeModel: `openai-compatible:${url}#judge` }), (error: unknown) => EndpointUnreachableError.isInstance(error) && /network/.test(error.message));
  });

  test('settings: engine and judge_model as flags or in the file; each needs the other', async () => {
    const config = await resolveGuardConfig({ upstream: 'http://x/v1', engine: 'hybrid', judgeModel: 'ollama:qwen3:8b' });
    assert.deepEqual([config.engine, config.judgeModel], ['hybrid', 'ollama:qwen3:8b']);
    assert.equal((await resolveGuardConfig({ upstream: 'http://x/v1' })).engine, 'rules');
    await assert.rejects(resolveGuardConfig({ upstream: 'http://x/v1', engine: 'hybrid' }), (error: unknown) => error instanceof GuardConfigError && error.field === 'judge_model');
    await assert.rejects(resolveGuardConfig({ upstream: 'http://x/v1', judgeModel: 'ollama:qwen3:8b' }), (error: unknown) => error instanceof GuardConfigError && error.field === 'engine');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-'));
    try {
      const good = path.join(dir, 'good.yaml');
      fs.writeFileSync(good, 'upstream: http://x/v1\nengine: hybrid\njudge_model: ollama:qwen3:8b\n');
      assert.deepEqual(Object.values(await resolveGuardConfig({ config: good })).filter((v) => v === 'hybrid' || v === 'ollama:qwen3:8b'), ['hybrid', 'ollama:qwen3:8b']);
      const typo = path.join(dir, 'typo.yaml');
      fs.writeFileSync(typo, 'upstream: http://x/v1\nengine: hybrid\njudge_modle: ollama:qwen3:8b\n');
      await assert.rejects(resolveGuardConfig({ config: typo }), (error: unknown) => error instanceof GuardConfigError && error.line === 3 && /did you mean "judge_model"/.test(error.message));
      const wrong = path.join(dir, 'wrong.yaml');
      fs.writeFileSync(wrong, 'upstream: http://x/v1\nengine: llm\n');
      await assert.rejects(resolveGuardConfig({ config: wrong }), (error: unknown) => error instanceof GuardConfigError && error.line === 2 && error.field === 'engine');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the integrations with hybridGuardEngine', () => {
  test('AI SDK middleware: the Spanish empty promise is blocked by the judge; a clean English reply never reaches it', async () => {
    await withJudge(async (judge, spec) => {
      const judgeModel = await createChatModel(spec, { env: {} });
      const engine = hybridGuardEngine({ judgeModel });
      const verdicts: Verdict[] = [];
      const model = wrapLanguageModel({ model: scriptedLanguageModel(), middleware: felicityMiddleware({ policy: 'block', engine, onVerdict: (v) => verdicts.push(v) }) });
      const result = await generateText({ model, prompt: 'SPANISH: recuérdame mañana' });
      assert.notEqual(result.text, SPANISH_REPLY);
      assert.deepEqual(verdicts.map((v) => [v.outcome, v.labelled_by, v.action, v.certified]), [['empty', 'judge_model', 'blocked', true]]);
      assert.equal(judge.count(), 2);
      await generateText({ model, prompt: 'what is the capital of France?' });
      assert.equal(judge.count(), 2);
      assert.throws(() => felicityMiddleware({ engine: { label: () => { throw new Error('unused'); } } }), /engine: expected rulesGuardEngine or hybridGuardEngine/);
    });
  });

  test('Agents SDK guardrail: the judge\'s verdict trips it', async () => {
    await withJudge(async (_judge, spec) => {
      const harness = await startHarness(agentModel);
      const judgeModel = await createChatModel(spec, { env: {} });
      try {
        const verdicts: Verdict[] = [];
        const agent = new Agent({
          name: 'assistant',
          model: new OpenAIChatCompletionsModel(new OpenAI({ baseURL: harness.upstream.url, apiKey: 'sk-test', maxRetries: 0 }) as never, 'scripted'),
          outputGuardrails: [felicityGuardrail({ engine: hybridGuardEngine({ judgeModel }), onVerdict: (v) => verdicts.push(v) })],
        });
        const outcome = await run(agent, 'SPANISH: recuérdame mañana').then((r) => r.finalOutput, (error: Error) => error.constructor.name);
        assert.equal(outcome, 'OutputGuardrailTripwireTriggered');
        assert.deepEqual(verdicts.map((v) => [v.outcome, v.labelled_by, v.certified]), [['empty', 'judge_model', false]]);
      } finally {
        await harness.close();
      }
    });
  });
});
