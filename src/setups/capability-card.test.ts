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
      assert.match(text, /Do not report anything as done \(.+\) unless a tool call in this reply confirmed it\./, id);
      const last = bullets(text).at(-1) ?? '';
      assert.match(last, /When a request needs something none of your tools can do, tell the user so directly and help with whatever you can do right now/, id);
    }
  });

  test('C0 and C1: cannot act after the reply, cannot do any later action, never promise one', () => {
    const text = card('C0');
    assert.equal(card('C1'), text);
    assert.deepEqual(named(text), []);
    assert.match(text, /When this reply is finished, you are inactive until the user's next message\./);
    assert.match(
      text,
      /You have no way to schedule anything, set a reminder or alarm, watch for an event, keep anything for a later conversation or reach the user or anyone else\./,
    );
    assert.match(text, /Do not promise or offer anything that would take place after this reply \("I'll remind you"/);
    assert.match(text, /how they can arrange it themselves/);
  });

  test('C2: cannot act later unless it calls schedule_task or create_reminder now', () => {
    const text = card('C2');
    assert.deepEqual(named(text), ['schedule_task', 'create_reminder']);
    assert.match(text, /nothing more happens unless you call `schedule_task` or `create_reminder` now, as part of this reply\./);
    assert.match(text, /a message when something happens/);
    assert.match(text, /Do not promise a later action that no tool call in this reply has set up\./);
    assert.match(text, /You have no way to keep anything for a later conversation or reach anyone other than the user\./);
    assert.doesNotMatch(text, /set a reminder or alarm|watch for an event/);
  });

  test('C3: remembering needs a memory_write call now; everything else later is impossible', () => {
    const text = card('C3');
    assert.deepEqual(named(text), ['memory_write']);
    assert.match(text, /you are inactive until the user's next message/);
    assert.match(text, /must be stored with `memory_write` during this reply; do not promise to remember what you have not stored that way\./);
    assert.match(text, /You have no way to schedule anything, set a reminder or alarm, watch for an event or reach the user or anyone else\. Do not promise or offer any of that\./);
    assert.doesNotMatch(text, /keep anything for a later conversation/);
  });

  test('C4: only people act later, only through a ticket or escalation made now', () => {
    const text = card('C4');
    assert.deepEqual(named(text), ['create_ticket', 'escalate_to_human']);
    assert.match(text, /A person will act later only on a request you file with `create_ticket` or `escalate_to_human`\./);
    assert.match(text, /file it now, in this reply, and do not promise that anyone will act unless you did\./);
    assert.match(text, /reach the user or anyone else yourself\. Do not promise or offer any of that\./);
    assert.match(text, /\("ticket filed", "escalated"\)/);
  });
});

describe('capability card for custom deployments', () => {
  test('a send_email tool: email only within this reply, no later action', () => {
    const text = capabilityCard(EMAIL_DEPLOYMENT);
    assert.match(text, /you are inactive until the user's next message/);
    assert.match(text, /To send email, call `send_email` in this reply\. Do not promise to do it later unless a tool call in this reply set that up\./);
    assert.match(text, /You have no way to schedule anything, set a reminder or alarm, watch for an event, keep anything for a later conversation or reach anyone except through `send_email`\./);
    assert.doesNotMatch(text, /arrange it themselves/);
  });

  test('one tool that both schedules and remembers gets both directives', () => {
    const text = capabilityCard(RUNTIME_DEPLOYMENT);
    assert.match(text, /unless you call `agent_runtime` now, as part of this reply/);
    assert.match(text, /\(a reminder, a follow-up or something delivered later\), call `agent_runtime` now/);
    assert.match(text, /must be stored with `agent_runtime` during this reply/);
    assert.match(text, /You have no way to watch for an event or reach anyone other than the user\./);
    assert.match(text, /\("reminder set", "scheduled", "saved"\)/);
  });
});
