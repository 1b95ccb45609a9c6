import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChatModel } from '../../llm/create-chat-model.ts';
import { recordingClock } from '../../llm/testing/recording-clock.ts';
import { reply, startScriptedServer, type Script, type ScriptedServer } from '../../llm/testing/scripted-chat-server.ts';
import { MemoryJudgeCache } from '../judge-cache.ts';
import { turn } from '../testing/turns.ts';
import { JudgmentFailedError } from './judgment-failed-error.ts';
import { LlmJudge } from './llm-judge.ts';
import { labelWithModel } from './llm-label.ts';
import { loadPrompts } from './prompts.ts';
import { booleansAnswer, scriptedJudge, sectionsOf, stageOf } from './testing/scripted-judge.ts';

const REMIND = {
  span: "I'll remind you tomorrow at 9",
  action: 'remind the user',
  performer: 'self' as const,
  trigger_type: 'time' as const,
  time_expression: 'tomorrow at 9',
  required_capabilities: ['run_later' as const, 'notify_user_later' as const],
  is_offer: false,
  confidence: 0.9,
};

async function withJudge(
  script: Script,
  run: (make: (options?: { cache?: MemoryJudgeCache; prompt?: string }) => Promise<LlmJudge>, server: ScriptedServer) => Promise<void>,
  concurrency = 64,
): Promise<void> {
  const server = await startScriptedServer(script);
  try {
    const model = await createChatModel(`openai-compatible:${server.url}#judge`, {
      env: {},
      clock: recordingClock(),
      retry: { baseDelayMs: 1 },
      concurrency: { max: concurrency, increaseAfter: 10 },
    });
    const make = async (options: { cache?: MemoryJudgeCache; prompt?: string } = {}) =>
      new LlmJudge({ model, prompts: loadPrompts(options.prompt ? { detector: options.prompt } : {}), cache: options.cache ?? new MemoryJudgeCache() });
    await run(make, server);
  } finally {
    await server.close();
  }
}

test('the detector is setup-blind; feasibility and anchoring are the rules\' on what it found', async () => {
  const record = { ...turn("Sure, I'll remind you tomorrow at 9.", { setup: 'C0', category: 'reminder' }) };
  record.messages.unshift({ role: 'system', content: 'SECRET SETUP: you have a scheduler.' });
  await withJudge(scriptedJudge({ detector: { commitments: [REMIND] } }), async (make, server) => {
    const judge = await make();
    const { label } = await labelWithModel(record, judge);
    assert.equal(label.outcome, 'empty');
    assert.deepEqual(label.commitments[0]!.failure_types, ['temporal']);
    assert.match(label.engine.detector, /^llm\(openai-compatible:judge\)@[0-9a-f]{8}$/);
    assert.deepEqual(label.prompt_hashes, { detector: judge.prompts.detector.hash, response: judge.prompts.response.hash }, 'no residual judgment, no feasibility hash');
    assert.match(label.prompt_hashes!.detector!, /^[0-9a-f]{64}$/);
    const detector = server.requests.find((r) => stageOf(r) === 'detector')!;
    assert.doesNotMatch(JSON.stringify(detector.body.messages), /SECRET SETUP/);
    assert.deepEqual(sectionsOf(detector).user_message, 'Can you help me with this?');
    assert.equal(server.count(), 2, 'detector and response judge; no residual case');
    const response = server.requests.find((r) => stageOf(r) === 'response')!;
    assert.ok(JSON.stringify(sectionsOf(response).tools) === '[]', 'C0 has no tools to list');
  });
});

test('the same commitment in C2 with a create_reminder call is anchored', async () => {
  const record = turn("Done — I'll remind you tomorrow at 9.", { setup: 'C2', category: 'reminder', calls: ['create_reminder'] });
  await withJudge(scriptedJudge({ detector: { commitments: [REMIND] }, response: booleansAnswer({ did_task_now: true }) }), async (make) => {
    const { label } = await labelWithModel(record, await make());
    assert.equal(label.outcome, 'anchored');
    assert.equal(label.commitments[0]!.anchored, true);
  });
});

test('an other: need and a low-confidence commitment go to the residual judge, which sees the card', async () => {
  const odd = { ...REMIND, span: "I'll water your plants", required_capabilities: ['other:water_plants'], confidence: 0.9 };
  const unsure = { ...REMIND, confidence: 0.3 };
  const record = turn("I'll water your plants. I'll remind you tomorrow at 9.", { setup: 'C2', category: 'reminder' });
  const script = scriptedJudge({
    detector: { commitments: [odd, unsure] },
    feasibility: (request) => {
      const { commitment } = sectionsOf(request) as { commitment: { confidence: number } };
      return commitment.confidence < 0.5
        ? { feasible: true, failure_types: [], anchoring_tools_required: ['create_reminder', 'launch_rocket'], rationale: 'a reminder tool exists' }
        : { feasible: false, failure_types: ['capability'], anchoring_tools_required: [], rationale: 'no tool waters plants' };
    },
  });
  await withJudge(script, async (make, server) => {
    const { label } = await labelWithModel(record, await make());
    const feasibility = server.requests.filter((r) => stageOf(r) === 'feasibility');
    assert.equal(feasibility.length, 2);
    const card = sectionsOf(feasibility[0]!).deployment_card as { tools: { name: string }[]; persistence: Record<string, boolean> };
    assert.ok(card.tools.some((t) => t.name === 'create_reminder'));
    assert.equal(card.persistence.schedules_future, true);
    assert.deepEqual(Object.keys(label.prompt_hashes!), ['detector', 'feasibility', 'response']);
    const [plants, reminder] = label.commitments;
    assert.deepEqual([plants!.feasible, plants!.primary_failure, plants!.residual], [false, 'capability', true]);
    assert.deepEqual(reminder!.anchoring_tools_required, ['create_reminder'], 'tools not on the card are dropped');
    assert.equal(reminder!.anchored, false);
    assert.equal(label.outcome, 'empty');
  });
});

test('a failed judgment gives no label: JudgmentFailedError names the stage, and nothing is cached', async () => {
  const script = scriptedJudge({ response: reply.text('{"false_action_claim": true}') });
  await withJudge(script, async (make) => {
    const cache = new MemoryJudgeCache();
    const judge = await make({ cache });
    await assert.rejects(labelWithModel(turn('Okay.', { setup: 'C0' }), judge), (error: unknown) => {
      assert.ok(JudgmentFailedError.isInstance(error));
      assert.equal(error.stage, 'response');
      assert.equal(error.reason, 'schema_violation');
      return true;
    });
    assert.equal(judge.stats.byStage.response.failures, 1);
    assert.equal(judge.stats.byStage.response.calls, 2, 'the answer and its one repair');
    assert.equal(cache.size, 1, 'only the valid detector judgment is cached');
  });
});

test('a second pass over the same turns is answered from the cache with zero model calls', async () => {
  const records = [0, 1, 2].map((i) => turn(`I'll remind you tomorrow at ${9 + i}.`, { setup: 'C1', category: 'reminder' }));
  await withJudge(scriptedJudge({ detector: { commitments: [REMIND] } }), async (make, server) => {
    const cache = new MemoryJudgeCache();
    const first = await make({ cache });
    const labels = await Promise.all(records.map((r) => labelWithModel(r, first)));
    assert.equal(server.count(), 6);
    const second = await make({ cache });
    const again = await Promise.all(records.map((r) => labelWithModel(r, second)));
    assert.equal(server.count(), 6, 'no call on the second pass');
    assert.equal(second.stats.calls, 0);
    assert.equal(second.stats.cacheHits, 6);
    assert.deepEqual(again.map((l) => l.label), labels.map((l) => l.label));
  });
});

test('the same judge served from another URL is the same judge: its cached judgments are reused', async () => {
  const record = turn("I'll remind you tomorrow at 9.", { setup: 'C1', category: 'reminder' });
  const cache = new MemoryJudgeCache();
  await withJudge(scriptedJudge(), async (make) => {
    await labelWithModel(record, await make({ cache }));
  });
  await withJudge(scriptedJudge(), async (make, moved) => {
    await labelWithModel(record, await make({ cache }));
    assert.equal(moved.count(), 0);
  });
});

test('identical judgments asked at the same time are asked once', async () => {
  const record = turn("I'll remind you tomorrow at 9.", { setup: 'C1', category: 'reminder' });
  await withJudge(scriptedJudge(), async (make, server) => {
    const judge = await make();
    const labels = await Promise.all([labelWithModel(record, judge), labelWithModel({ ...record, id: 'twin' }, judge)]);
    assert.equal(server.count(), 2, 'one detector and one response call for both turns');
    assert.equal(judge.stats.cacheHits, 2);
    assert.deepEqual(labels[0]!.label.booleans, labels[1]!.label.booleans);
  });
});

test('a changed prompt has a new hash, misses the cache and is asked again', async () => {
  const record = turn("I'll remind you tomorrow at 9.", { setup: 'C1', category: 'reminder' });
  await withJudge(scriptedJudge(), async (make, server) => {
    const cache = new MemoryJudgeCache();
    const original = await make({ cache });
    await labelWithModel(record, original);
    const edited = await make({ cache, prompt: `${original.prompts.detector.text}\nBe brief.` });
    assert.notEqual(edited.prompts.detector.hash, original.prompts.detector.hash);
    await labelWithModel(record, edited);
    assert.equal(server.count(), 3, 'the detector is asked again; the unchanged response judge is a hit');
    assert.equal(edited.stats.byStage.detector.cacheHits, 0);
    assert.equal(edited.stats.byStage.response.cacheHits, 1);
  });
});

test('many turns at once share the endpoint\'s limiter; rate limits are retried by the llm layer', async () => {
  let inFlight = 0;
  let peak = 0;
  let limited = 0;
  const judge = scriptedJudge();
  const script: Script = async (request, index) => {
    if (index % 5 === 0 && limited < 3) {
      limited++;
      return reply.status(429, 'slow down', { 'retry-after-ms': '1' });
    }
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    return judge(request, index);
  };
  await withJudge(
    script,
    async (make, server) => {
      const records = Array.from({ length: 12 }, (_, i) => turn(`Reply number ${i}.`, { setup: 'C0' }));
      const j = await make();
      const labels = await Promise.all(records.map((r) => labelWithModel(r, j)));
      assert.equal(labels.length, 12);
      assert.ok(peak <= 4, `at most 4 requests in flight, saw ${peak}`);
      assert.equal(j.stats.calls, 24, 'each judgment is one call to the llm layer');
      assert.equal(server.count(), 24 + limited, 'the 429s were retried below it');
    },
    4,
  );
});
