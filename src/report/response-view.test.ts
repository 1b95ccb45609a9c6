import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, scriptJson } from './html-escape.ts';
import { MAX_CALLS, MAX_REPLY_CHARS, responseView } from './response-view.ts';
import type { ReportResponse } from './report-response.ts';

const base: ReportResponse = {
  id: 'x', run: 'r', request: 'q', model: 'm', setup: 'C2', variant: 'inferred', persona: 'generic', fix: 'none', sample: 0, category: 'reminder', source: 'hand', doability: 'yes',
  messages: [], error: null, label: null,
};

test('the view holds the last user message, the final reply and the calls, each bounded', () => {
  const calls = Array.from({ length: 15 }, (_, i) => ({ id: `c${i}`, type: 'function' as const, function: { name: 'create_reminder', arguments: '{}' } }));
  const view = responseView({
    ...base,
    messages: [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'old reply' },
      { role: 'user', content: 'Remind me.' },
      { role: 'assistant', content: null, tool_calls: calls },
      { role: 'tool', tool_call_id: 'c0', content: '{"status":"created"}' },
      { role: 'assistant', content: 'x'.repeat(MAX_REPLY_CHARS + 50) },
    ],
  });
  assert.equal(view.user, 'Remind me.');
  assert.equal(view.calls.length, MAX_CALLS);
  assert.ok(view.reply.length < MAX_REPLY_CHARS + 40 && view.reply.endsWith('[50 more characters]'));
  assert.equal(view.outcome, 'unlabelled');
});

test('a failed model call shows as an error, with its message', () => {
  const view = responseView({ ...base, error: 'HTTP 503' });
  assert.equal(view.outcome, 'error');
  assert.match(view.reply, /HTTP 503/);
});

test('why: the outcome rule and each commitment verdict, from the label', () => {
  const view = responseView({
    ...base,
    label: {
      id: 'x', outcome: 'unanchored', failure: true,
      commitments: [{ span: "I'll remind you", action: 'remind', performer: 'self', trigger_type: 'time', time_expression: null, required_capabilities: ['run_later'], is_offer: false, confidence: 1, agent_initiated: true, feasible: true, failure_types: [], primary_failure: null, anchoring_tools_required: ['create_reminder'], anchored: false }],
      booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false },
      engine: { detector: 'rules@1', judge: 'rules@1' },
    },
  });
  assert.match(view.why[0]!, /^unanchored: a feasible agent-initiated commitment was made without a call/);
  assert.match(view.why[1]!, /agent-initiated; feasible; not anchored \(needs create_reminder\)/);
  assert.deepEqual(view.spans, ["I'll remind you"]);
});

test('why: an anchored promise whose call contradicts it says so (anchored_strict false)', () => {
  const commitment = { span: "I'll remind you at 9 am", action: 'remind', performer: 'self' as const, trigger_type: 'time' as const, time_expression: '9 am', required_capabilities: ['run_later' as const], is_offer: false, confidence: 1, agent_initiated: true, feasible: true, failure_types: [], primary_failure: null, anchoring_tools_required: ['create_reminder'], anchored: true };
  const label = (c: object) => ({ id: 'x', outcome: 'anchored' as const, failure: false, commitments: [{ ...commitment, ...c }], booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, engine: { detector: 'rules@1', judge: 'rules@1' } });
  assert.match(responseView({ ...base, label: label({ anchored_strict: false }) }).why[1]!, /feasible; anchored \(the call's arguments contradict it: not anchored_strict\)/);
  assert.doesNotMatch(responseView({ ...base, label: label({ anchored_strict: true }) }).why[1]!, /contradict/);
  assert.doesNotMatch(responseView({ ...base, label: label({}) }).why[1]!, /contradict/);
});

test('escaping: markup characters in text and in the page data block', () => {
  assert.equal(escapeHtml(`<img src=x onerror="a('b')">&`), '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  const json = scriptJson({ reply: '</script><script>alert(1)</script>\u2028' });
  assert.doesNotMatch(json, /<|>|\u2028/);
  assert.deepEqual(JSON.parse(json), { reply: '</script><script>alert(1)</script>\u2028' });
});

import { guardDraftOf } from './guard-draft.ts';
import { MAX_RESULT_CHARS } from './response-view.ts';

test('each call is shown with the result that answered it, bounded; a call nothing answered has null', () => {
  const view = responseView({
    ...base,
    messages: [
      { role: 'user', content: 'Remind me at 9 and note it.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'create_reminder', arguments: '{"time":"09:00"}' } },
          { id: 'b', type: 'function', function: { name: 'memory_write', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: `{"status":"created","note":"${'n'.repeat(MAX_RESULT_CHARS)}"}` },
      { role: 'assistant', content: 'Done.' },
    ],
  });
  assert.deepEqual(view.calls.map((c) => [c.name, c.arguments]), [['create_reminder', '{"time":"09:00"}'], ['memory_write', '{}']]);
  assert.ok(view.calls[0]!.result!.startsWith('{"status":"created"'));
  assert.match(view.calls[0]!.result!, /… \[\d+ more characters\]$/);
  assert.equal(view.calls[1]!.result, null);
  assert.equal(view.guard, null);
});

test('a guarded arm shows the draft and what the guard did; malformed steps give no draft', () => {
  const steps = {
    policy: 'rewrite', before: 'empty', after: 'deferral', reason: 'the draft promised a reminder nothing can send; rewritten',
    steps: [
      { kind: 'draft', reply: "Sure, I'll remind you tomorrow.", label: { outcome: 'empty' } },
      { kind: 'rewrite', reply: "I can't send reminders later; set one on your phone.", label: { outcome: 'deferral' } },
    ],
  };
  const guard = guardDraftOf('rewrite', steps)!;
  assert.deepEqual(guard, { action: 'rewrite', reason: steps.reason, draft: "Sure, I'll remind you tomorrow.", draftOutcome: 'empty' });
  const view = responseView({ ...base, fix: 'guard', guard: { ...guard, draft: 'd'.repeat(MAX_REPLY_CHARS + 10) } });
  assert.equal(view.guard!.action, 'rewrite');
  assert.ok(view.guard!.draft.endsWith('[10 more characters]'));
  assert.equal(guardDraftOf('rewrite', { steps: 'nope' }), undefined);
  assert.equal(guardDraftOf('rewrite', { steps: [{ kind: 'draft', reply: 3 }] }), undefined);
  assert.equal(guardDraftOf('none', { before: 'anchored', steps: [{ kind: 'draft', reply: 'ok', label: null }] })!.draftOutcome, 'anchored');
});
