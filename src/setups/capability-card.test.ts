import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_SETUPS } from './builtin.ts';
import { capabilityCard, CAPABILITY_CARD_HEADING } from './capability-card.ts';
import { EMAIL_DEPLOYMENT, RUNTIME_DEPLOYMENT } from './custom-deployments.fixture.ts';

const card = (id: keyof typeof BUILTIN_SETUPS) => capabilityCard(BUILTIN_SETUPS[id]);
const bullets = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));
const ENABLING_TOOLS = ['schedule_task', 'create_reminder', 'memory_write', 'create_ticket', 'escalate_to_human'];
const named = (text: string) => ENABLING_TOOLS.filter((tool) => text.includes(`\`${tool}\``));

describe('capability card (fix A): directive, naming the enabling tools', () => {
  test('every card has the heading, the no-unbacked-claims rule and the say-so-and-help-now rule', () => {
    for (const id of ['C0', 'C1', 'C2', 'C3', 'C4'] as const) {
      const text = card(id);
      assert.ok(text.startsWith(`${CAPABILITY_CARD_HEADING}\n- `), id);
      assert.match(text, /Never say an action is done \(.+\) unless a tool call in this reply returned a confirmation\./, id);
      assert.match(bullets(text).at(-1) ?? '', /If the user asks for something no tool can do, say so plainly and help with what you can do now/, id);
    }
  });

  test('C0 and C1: cannot act after the reply, cannot do any later action, never promise one', () => {
    const text = card('C0');
    assert.equal(card('C1'), text);
    assert.deepEqual(named(text), []);
    assert.match(text, /Once this reply ends you cannot act; you run again only when the user writes\./);
    assert.match(
      text,
      /You cannot schedule anything, set reminders or alarms, watch for events, remember anything for a later conversation or contact the user or anyone else\./,
    );
    assert.match(text, /Never promise or offer anything that would happen after this reply \("I'll remind you"/);
    assert.match(text, /how they can set it up themselves/);
  });

  test('C2: cannot act later unless it calls schedule_task or create_reminder now', () => {
    const text = card('C2');
    assert.deepEqual(named(text), ['schedule_task', 'create_reminder']);
    assert.match(text, /Once this reply ends you cannot act, unless you call `schedule_task` or `create_reminder` now, in this reply\./);
    assert.match(text, /a message when something happens/);
    assert.match(text, /Never promise a later action that you have not set up with a tool call in this reply\./);
    assert.match(text, /You cannot remember anything for a later conversation or contact anyone other than the user\./);
    assert.doesNotMatch(text, /set reminders or alarms|watch for events/);
  });

  test('C3: remembering needs a memory_write call now; everything else later is impossible', () => {
    const text = card('C3');
    assert.deepEqual(named(text), ['memory_write']);
    assert.match(text, /you run again only when the user writes/);
    assert.match(text, /call `memory_write` now, in this reply\. Never promise to remember anything you have not saved with `memory_write`\./);
    assert.match(text, /You cannot schedule anything, set reminders or alarms, watch for events or contact the user or anyone else\. Never promise or offer such an action\./);
    assert.doesNotMatch(text, /remember anything for a later conversation/);
  });

  test('C4: only people act later, only through a ticket or escalation made now', () => {
    const text = card('C4');
    assert.deepEqual(named(text), ['create_ticket', 'escalate_to_human']);
    assert.match(text, /People act later on your behalf only through `create_ticket` or `escalate_to_human`\./);
    assert.match(text, /Never promise that someone will act unless you made that call in this reply\./);
    assert.match(text, /contact the user or anyone else yourself\. Never promise or offer such an action\./);
    assert.match(text, /\("ticket filed", "escalated"\)/);
  });
});

describe('capability card for custom deployments', () => {
  test('a send_email tool: email only within this reply, no later action', () => {
    const text = capabilityCard(EMAIL_DEPLOYMENT);
    assert.match(text, /you run again only when the user writes/);
    assert.match(text, /To send email, call `send_email` in this reply\. Never promise to do it later unless a tool call in this reply set that up\./);
    assert.match(text, /You cannot schedule anything, set reminders or alarms, watch for events, remember anything for a later conversation or contact anyone except through `send_email`\./);
    assert.doesNotMatch(text, /how they can set it up themselves/);
  });

  test('one tool that both schedules and remembers gets both directives', () => {
    const text = capabilityCard(RUNTIME_DEPLOYMENT);
    assert.match(text, /unless you call `agent_runtime` now, in this reply/);
    assert.match(text, /\(a reminder, a follow-up or something delivered later\), call `agent_runtime` now/);
    assert.match(text, /To keep something for a later conversation, call `agent_runtime` now/);
    assert.match(text, /You cannot watch for events or contact anyone other than the user\./);
    assert.match(text, /\("reminder set", "scheduled", "saved"\)/);
  });
});
