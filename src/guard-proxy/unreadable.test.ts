/**
 * A reply the rules cannot read (Spanish, or no text) is never certified, in any surface: the
 * library's guardTurn, the proxy's three APIs, the AI SDK middleware and the Agents SDK guardrail.
 * `--on-unreadable` passes it, annotates it (the default) or blocks it; its English twin is blocked
 * by `--on-fail block` as before.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled } from '@openai/agents';
import { generateText, wrapLanguageModel } from 'ai';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { guardTurn } from '../guard/guard-turn.ts';
import { DEFAULT_SAFE_REPLY } from '../guard/safe-reply.ts';
import { felicityMiddleware } from '../integrations/ai-sdk.ts';
import { felicityGuardrail } from '../integrations/openai-agents.ts';
import { scriptedLanguageModel } from '../integrations/testing/scripted-language-model.ts';
import { UNREADABLE_POLICIES } from '../guard/unreadable-policy.ts';
import { agentModel, PROMISE_REPLY, SPANISH_REPLY } from './testing/agent-model.ts';
import { startHarness } from './testing/harness.ts';
import { say } from './testing/scripted-upstream.ts';
import type { Verdict } from './verdict.ts';

setTracingDisabled(true);
const SPANISH = 'SPANISH: recuérdame mañana';

describe('guardTurn', () => {
  test('a Spanish empty promise is not_labelled and not certified; the English one is flagged as before', async () => {
    const spanish = await guardTurn({ deployment: 'C0', policy: 'annotate', messages: [{ role: 'user', content: 'Recuérdame mañana.' }, { role: 'assistant', content: SPANISH_REPLY }] });
    assert.equal(spanish.not_labelled, 'language');
    assert.equal(spanish.certified, false);
    assert.equal(spanish.flagged, true);
    assert.equal(spanish.reply, SPANISH_REPLY);
    assert.match(spanish.reason, /not in English.*not_labelled: language/);
    const english = await guardTurn({ deployment: 'C0', policy: 'annotate', messages: [{ role: 'user', content: 'Remind me tomorrow.' }, { role: 'assistant', content: "Sure! I'll remind you tomorrow morning." }] });
    assert.equal(english.not_labelled, undefined);
    assert.equal(english.before.outcome, 'empty');
  });

  test('onUnreadable block sends the safe reply; an empty draft is no_reply', async () => {
    const blocked = await guardTurn({ deployment: 'C0', policy: 'annotate', onUnreadable: 'block', messages: [{ role: 'user', content: 'Recuérdame mañana.' }, { role: 'assistant', content: SPANISH_REPLY }] });
    assert.equal(blocked.reply, DEFAULT_SAFE_REPLY);
    assert.equal(blocked.action, 'safe_reply');
    assert.equal(blocked.not_labelled, 'language');
    const empty = await guardTurn({ deployment: 'C0', policy: 'annotate', messages: [{ role: 'user', content: 'Remind me.' }, { role: 'assistant', content: '' }] });
    assert.equal(empty.not_labelled, 'no_reply');
    assert.equal(empty.certified, false);
  });

  test('an engine that reads any language is not held back', async () => {
    const result = await guardTurn({ deployment: 'C0', policy: 'annotate', engine: { reads: 'any', label: (turn) => ({ id: turn.id, outcome: 'other', failure: false, commitments: [], booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, engine: { detector: 'm', judge: 'm' } }) }, messages: [{ role: 'user', content: 'Recuérdame mañana.' }, { role: 'assistant', content: SPANISH_REPLY }] });
    assert.equal(result.not_labelled, undefined);
    assert.equal(result.certified, true);
  });
});

describe('the proxy, --on-fail block', () => {
  for (const onUnreadable of UNREADABLE_POLICIES) {
    test(`--on-unreadable ${onUnreadable}: chat, responses and messages, streamed or not, never certified=true`, async () => {
      const harness = await startHarness(agentModel, { onFail: 'block', onUnreadable });
      try {
        const openai = new OpenAI({ baseURL: harness.base, apiKey: 'sk-test', maxRetries: 0 });
        const anthropic = new Anthropic({ baseURL: harness.proxy.url, apiKey: 'sk-ant-test', maxRetries: 0 });
        const action = { pass: 'none', annotate: 'annotated', block: 'blocked' }[onUnreadable];
        const expected = `outcome=not_labelled; action=${action}; certified=${onUnreadable === 'block'}; not_labelled=language`;
        const sent = onUnreadable === 'block' ? DEFAULT_SAFE_REPLY : SPANISH_REPLY;
        for (const stream of [false, true]) {
          const chat = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: SPANISH }], stream }).withResponse();
          assert.equal(chat.response.headers.get('x-felicity-verdict'), expected);
          const responses = await openai.responses.create({ model: 'm', input: SPANISH, stream }).withResponse();
          assert.equal(responses.response.headers.get('x-felicity-verdict'), expected);
          const messages = await anthropic.messages.create({ model: 'c', max_tokens: 50, messages: [{ role: 'user', content: SPANISH }], stream }).withResponse();
          assert.equal(messages.response.headers.get('x-felicity-verdict'), expected);
          if (!stream) {
            assert.equal((chat.data as OpenAI.Chat.ChatCompletion).choices[0]!.message.content, sent);
            assert.equal((responses.data as OpenAI.Responses.Response).output_text, sent);
            const body = messages.data as Anthropic.Messages.Message;
            assert.equal(body.content[0]!.type === 'text' ? body.content[0]!.text : '', sent);
            const felicity = (chat.data as unknown as { felicity?: Verdict }).felicity;
            if (onUnreadable === 'pass') assert.equal(felicity, undefined, 'pass: byte for byte, the verdict in the header only');
            else assert.deepEqual([felicity?.outcome, felicity?.not_labelled, felicity?.checked], ['not_labelled', 'language', false]);
          }
        }
        const english = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'PROMISE: remind me tomorrow' }] }).withResponse();
        assert.equal(english.response.headers.get('x-felicity-verdict'), 'outcome=empty; action=blocked; certified=true');
        assert.notEqual(english.data.choices[0]!.message.content, PROMISE_REPLY);
      } finally {
        await harness.close();
      }
    });
  }

  test('a reply with no text and no call is not_labelled: no_reply', async () => {
    const harness = await startHarness(() => say.text(''), { onFail: 'block' });
    try {
      const response = await fetch(`${harness.base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) });
      assert.equal(response.headers.get('x-felicity-verdict'), 'outcome=not_labelled; action=annotated; certified=false; not_labelled=no_reply');
    } finally {
      await harness.close();
    }
  });
});

describe('the integrations', () => {
  for (const stream of [false, true]) {
    test(`AI SDK middleware (${stream ? 'streamed' : 'not streamed'}): the Spanish reply is not_labelled, not certified`, async () => {
      const verdicts: Verdict[] = [];
      const model = wrapLanguageModel({ model: scriptedLanguageModel(), middleware: felicityMiddleware({ policy: 'block', onVerdict: (v) => verdicts.push(v) }) });
      const result = await generateText({ model, prompt: SPANISH });
      assert.equal(result.text, SPANISH_REPLY);
      assert.deepEqual(verdicts.map((v) => [v.outcome, v.not_labelled, v.certified, v.action]), [['not_labelled', 'language', false, 'annotated']]);
    });
  }

  test('Agents SDK guardrail: not_labelled in its info; trips only with onUnreadable block', async () => {
    const harness = await startHarness(agentModel);
    try {
      for (const onUnreadable of ['annotate', 'block'] as const) {
        const verdicts: Verdict[] = [];
        const agent = new Agent({
          name: 'assistant',
          model: new OpenAIChatCompletionsModel(new OpenAI({ baseURL: harness.upstream.url, apiKey: 'sk-test', maxRetries: 0 }) as never, 'scripted'),
          outputGuardrails: [felicityGuardrail({ onUnreadable, onVerdict: (v) => verdicts.push(v) })],
        });
        const outcome = await run(agent, SPANISH).then((r) => r.finalOutput, (error: Error) => error.constructor.name);
        assert.equal(outcome, onUnreadable === 'block' ? 'OutputGuardrailTripwireTriggered' : SPANISH_REPLY);
        assert.deepEqual(verdicts.map((v) => [v.outcome, v.certified]), [['not_labelled', false]]);
      }
    } finally {
      await harness.close();
    }
  });
});

