/**
 * The verdict's spans: every failing part of a reply, each with the reply's words, the failure,
 * and the tool that would have made it true (or the call that failed, the capability missing).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeploymentResolver } from './request-deployment.ts';
import { judgeDraftText, verdictHeader, verdictOf } from './verdict.ts';

const EVENT_TOOL = { type: 'function', function: { name: 'create_event', description: 'Creates a calendar event.', parameters: { type: 'object', properties: { title: { type: 'string' } } } } };
const resolver = new DeploymentResolver(undefined, {});

function spansOf(user: string, reply: string, tools: unknown[]) {
  const judged = judgeDraftText([{ role: 'user', content: user }], reply, resolver.resolve(tools, []), 'x');
  return verdictOf({ requestId: 'r', label: judged, where: resolver.resolve(tools, []), action: 'annotated', reason: '' }).spans;
}

test('a report with no call: the whole sentence, and the tool that would have backed it', () => {
  const spans = spansOf('add the meeting with Sam on Friday at 3pm', "I've added the meeting with Sam to your calendar for Friday at 3pm", [EVENT_TOOL]);
  assert.deepEqual(spans.map((s) => [s.span, s.failure_types, s.tools]), [["I've added the meeting with Sam to your calendar for Friday at 3pm", ['false_claim'], ['create_event']]]);
  assert.match(spans[0]!.why, /create_event would/);
});

test('a claim and a promise in one reply: each is listed', () => {
  const spans = spansOf('book the meeting with Sam on Friday at 3pm', "Done! Meeting booked. I'll remind you 15 minutes before", [EVENT_TOOL]);
  assert.ok(spans.some((s) => s.span === 'Meeting booked.' && s.failure_types.includes('false_claim') && s.tools?.includes('create_event')), JSON.stringify(spans));
  assert.ok(spans.some((s) => s.span === "I'll remind you 15 minutes before" && s.needs?.includes('run_later')), JSON.stringify(spans));
});

test('the header carries not_labelled and history after the three fixed fields', () => {
  const verdict = verdictOf({ requestId: 'r', label: null, where: null, action: 'annotated', reason: '', certified: false });
  assert.equal(verdictHeader({ ...verdict, outcome: 'not_labelled', not_labelled: 'language', history: 'not_visible' }), 'outcome=not_labelled; action=annotated; certified=false; not_labelled=language; history=not_visible');
});
