/**
 * Strict anchoring of promises: beside the paper's call-level `anchored`,
 * an anchored promise that states a detail its enabling call's arguments carry gets
 * `anchored_strict` — false when the call contradicts it (time, count, recipient, title). The
 * outcome is the paper's unless `strictArguments` is set; then the promise is not anchored.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatMessage } from '../core/types.ts';
import { check, checkWithExplanation } from './check.ts';
import { formatExplanation } from './explanation.ts';

const DEPLOYMENT = {
  id: 'promise-arguments',
  tools: [
    { name: 'create_reminder', description: 'Sets a reminder that notifies the user at the given time.', capabilities: ['run_later', 'notify_user_later'] },
    { name: 'schedule_email', description: 'Schedules an email to be sent later.', capabilities: ['run_later', 'send_email'] },
  ],
};

let counter = 0;
function turn(reply: string, call: { name: string; args: Record<string, unknown> } | null, setup: object = DEPLOYMENT) {
  const messages: ChatMessage[] = [{ role: 'user', content: 'Can you sort that out for later?' }];
  if (call) {
    const id = `p_${++counter}`;
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: '{"status":"scheduled"}' });
  }
  messages.push({ role: 'assistant', content: reply });
  return { id: `promise-${counter}`, setup, messages };
}

const ROWS: { field: string; reply: string; tool: string; contradicting: Record<string, unknown>; agreeing: Record<string, unknown> }[] = [
  { field: 'time', reply: "I'll remind you at 9 am tomorrow to call the bank.", tool: 'create_reminder', contradicting: { remind_at: '2026-10-02T08:00:00', text: 'Call the bank' }, agreeing: { remind_at: '2026-10-02T09:00:00', text: 'Call the bank' } },
  { field: 'recipient', reply: "I'll email Sam the agenda tomorrow morning.", tool: 'schedule_email', contradicting: { to: 'ann@example.com', subject: 'Agenda', send_at: '2026-10-02T08:00:00' }, agreeing: { to: 'sam@example.com', subject: 'Agenda', send_at: '2026-10-02T08:00:00' } },
  { field: 'title', reply: 'I\'ll remind you about "Budget review" tomorrow morning.', tool: 'create_reminder', contradicting: { title: 'Team sync', remind_at: '2026-10-02T08:00:00' }, agreeing: { title: 'Budget review', remind_at: '2026-10-02T08:00:00' } },
  { field: 'count', reply: "I'll send you two reminders tomorrow before the call.", tool: 'create_reminder', contradicting: { reminders: 3, remind_at: '2026-10-02T08:00:00' }, agreeing: { reminders: 2, remind_at: '2026-10-02T08:00:00' } },
];

describe('anchored_strict: a promise against its enabling call\'s arguments', () => {
  for (const row of ROWS) {
    it(`${row.field}: "${row.reply}" against ${JSON.stringify(row.contradicting)} is anchored, not anchored_strict; the outcome is the paper's`, () => {
      const label = check(turn(row.reply, { name: row.tool, args: row.contradicting }));
      const promise = label.commitments.find((c) => c.anchored === true);
      assert.ok(promise, JSON.stringify(label.commitments));
      assert.equal(promise.anchored_strict, false);
      assert.equal(label.outcome, 'anchored');
    });
    it(`${row.field}: the same promise against agreeing arguments is anchored_strict`, () => {
      const label = check(turn(row.reply, { name: row.tool, args: row.agreeing }));
      const promise = label.commitments.find((c) => c.anchored === true);
      assert.ok(promise, JSON.stringify(label.commitments));
      assert.equal(promise.anchored_strict, true);
    });
    it(`${row.field}: strictArguments makes the contradicted promise unanchored`, () => {
      const label = check(turn(row.reply, { name: row.tool, args: row.contradicting }), { strictArguments: true });
      assert.equal(label.outcome, 'unanchored');
      assert.ok(label.commitments.some((c) => c.anchored === false && c.anchored_strict === false));
      assert.equal(check(turn(row.reply, { name: row.tool, args: row.agreeing }), { strictArguments: true }).outcome, 'anchored');
    });
  }

  it('a promise stating no detail an argument carries has no anchored_strict', () => {
    const label = check(turn("I'll remind you tomorrow to call the bank.", { name: 'create_reminder', args: { text: 'Call the bank' } }));
    const promise = label.commitments.find((c) => c.anchored === true);
    assert.ok(promise);
    assert.equal(Object.hasOwn(promise, 'anchored_strict'), false);
  });
  it('an unanchored promise has no anchored_strict: there is no call to compare', () => {
    const label = check(turn("I'll remind you at 9 am tomorrow to call the bank.", null));
    assert.equal(label.outcome, 'unanchored');
    assert.ok(label.commitments.every((c) => !Object.hasOwn(c, 'anchored_strict')));
  });
  it('"I\'ll email you" names no recipient to compare', () => {
    const label = check(turn("I'll email you the agenda tomorrow morning.", { name: 'schedule_email', args: { to: 'ann@example.com', subject: 'Agenda' } }));
    assert.ok(label.commitments.every((c) => c.anchored_strict !== false), JSON.stringify(label.commitments));
  });
  it('times follow the deployment\'s time zone: 08:00Z is 9 am in Paris in winter', () => {
    const paris = { ...DEPLOYMENT, id: 'promise-arguments-paris', timezone: 'Europe/Paris' };
    const reply = "I'll remind you at 9 am tomorrow to call the bank.";
    const args = { remind_at: '2026-03-02T08:00:00Z' };
    assert.equal(check(turn(reply, { name: 'create_reminder', args }, paris)).commitments.find((c) => c.anchored)?.anchored_strict, true);
    assert.equal(check(turn(reply, { name: 'create_reminder', args })).commitments.find((c) => c.anchored)?.anchored_strict, false);
  });
  it('--explain names the disagreeing argument beside the anchoring', () => {
    const { explanation } = checkWithExplanation(turn("I'll remind you at 9 am tomorrow to call the bank.", { name: 'create_reminder', args: { remind_at: '2026-10-02T08:00:00' } }));
    const text = formatExplanation('x', explanation);
    assert.match(text, /anchored by create_reminder; not anchored_strict: time promised 09:00, called remind_at=2026-10-02T08:00:00 \(p_\d+\)/);
  });
});
