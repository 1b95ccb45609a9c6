/**
 * guardTurn with the hybrid engine: a draft the rules cannot read (Spanish) is labelled by the
 * judge model (a loopback OpenAI-compatible server scripted as a judge), certified only when the
 * model finds no failure; English drafts never reach it; a judge that fails is a failed guard
 * model call, handled by `fallback`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createChatModel } from '../llm/create-chat-model.ts';
import { reply, startScriptedServer } from '../llm/testing/scripted-chat-server.ts';
import { guardTurn } from './guard-turn.ts';
import { hybridGuardEngine } from './hybrid-guard-engine.ts';
import { DEFAULT_SAFE_REPLY } from './safe-reply.ts';
import { SPANISH_CLEAN, SPANISH_PROMISE, spanishJudge } from './testing/spanish-judge.ts';

const turn = (user: string, draft: string) => [{ role: 'user' as const, content: user }, { role: 'assistant' as const, content: draft }];

test('a Spanish empty promise is labelled by the judge model and flagged; a Spanish clean reply is certified; English never reaches the model', async () => {
  const judge = await startScriptedServer(spanishJudge);
  try {
    const engine = hybridGuardEngine({ judgeModel: await createChatModel(`openai-compatible:${judge.url}#judge`, { env: {} }) });
    const promise = await guardTurn({ deployment: 'C0', policy: 'annotate', engine, messages: turn('Recuérdame mañana.', SPANISH_PROMISE) });
    assert.deepEqual([promise.before.outcome, promise.flagged, promise.certified, promise.not_labelled], ['empty', true, false, undefined]);
    assert.match(promise.after.engine.detector, /^llm\(openai-compatible:judge\)@/);
    assert.deepEqual([promise.model_calls, promise.usage.total_tokens], [2, 240], "the judge's two calls count as the guard's");

    const clean = await guardTurn({ deployment: 'C0', policy: 'annotate', engine, messages: turn('¿Cuál es la capital de Francia?', SPANISH_CLEAN) });
    assert.deepEqual([clean.before.outcome, clean.flagged, clean.certified, clean.not_labelled], ['other', false, true, undefined]);
    assert.match(clean.after.engine.detector, /^llm\(/);

    const asked = judge.count();
    const english = await guardTurn({ deployment: 'C0', policy: 'annotate', engine, messages: turn('Remind me tomorrow.', "Sure! I'll remind you tomorrow morning.") });
    assert.deepEqual([english.before.outcome, english.model_calls], ['empty', 0]);
    assert.match(english.after.engine.detector, /^rules/);
    const empty = await guardTurn({ deployment: 'C0', policy: 'annotate', engine, messages: turn('Remind me.', '') });
    assert.deepEqual([empty.not_labelled, empty.certified], ['no_reply', false], 'no text: nothing for a model to read either');
    assert.equal(judge.count(), asked);
  } finally {
    await judge.close();
  }
});

test('a judge that fails: the draft is sent uncertified (fallback draft) or the safe reply (fallback safe_reply)', async () => {
  const judge = await startScriptedServer(() => reply.status(400, 'no such model'));
  try {
    const engine = hybridGuardEngine({ judgeModel: await createChatModel(`openai-compatible:${judge.url}#judge`, { env: {} }) });
    const open = await guardTurn({ deployment: 'C0', policy: 'rewrite', model: 'unused:never', engine, messages: turn('Recuérdame mañana.', SPANISH_PROMISE) });
    assert.deepEqual([open.reply, open.certified, open.not_labelled, open.fallback, open.error?.kind], [SPANISH_PROMISE, false, 'language', { to: 'draft', cause: 'model_error' }, 'bad_request']);
    assert.match(open.reason, /judge model failed/);
    const closed = await guardTurn({ deployment: 'C0', policy: 'rewrite', model: 'unused:never', fallback: 'safe_reply', engine, messages: turn('Recuérdame mañana.', SPANISH_PROMISE) });
    assert.deepEqual([closed.reply, closed.certified, closed.action, closed.fallback], [DEFAULT_SAFE_REPLY, true, 'safe_reply', { to: 'safe_reply', cause: 'model_error' }]);
  } finally {
    await judge.close();
  }
});
