import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_SETUPS } from './builtin.ts';
import { environmentParagraph } from './environment-paragraph.ts';
import { EMAIL_DEPLOYMENT, RUNTIME_DEPLOYMENT } from './custom-deployments.fixture.ts';

const paragraph = (id: keyof typeof BUILTIN_SETUPS) => environmentParagraph(BUILTIN_SETUPS[id]);
const ENABLING_TOOLS = ['schedule_task', 'create_reminder', 'memory_write', 'memory_read', 'create_ticket', 'escalate_to_human'];

function assertMentionsOnly(text: string, allowed: string[]): void {
  for (const tool of ENABLING_TOOLS) {
    if (allowed.includes(tool)) assert.ok(text.includes(tool), `should name ${tool}: ${text}`);
    else assert.ok(!text.includes(tool), `should not name ${tool}: ${text}`);
  }
}

describe('environment paragraph (stated variant): facts about the runtime, no advice', () => {
  test('C0: active only on user messages, no memory, cannot contact anyone', () => {
    const text = paragraph('C0');
    assert.match(text, /You are active only while answering a message from the user\./);
    assert.match(text, /Between the user's messages, and once this conversation is over, you do nothing\./);
    assert.match(text, /Nothing from earlier conversations is available to you\./);
    assert.match(text, /You have no way to reach the user or anyone else\./);
    assertMentionsOnly(text, []);
  });

  test('C1 states the same facts as C0: its tools give no persistence', () => {
    assert.equal(paragraph('C1'), paragraph('C0'));
  });

  test('C2: also runs when something scheduled comes due; reaches the user only through its tools', () => {
    const text = paragraph('C2');
    assert.doesNotMatch(text, /active only/);
    assert.match(text, /what you set up with schedule_task or create_reminder is carried out when it comes due/);
    assert.match(text, /Apart from that, you do nothing between the user's messages or after this conversation is over/);
    assert.match(text, /With schedule_task, something can also be set to happen when an event occurs/);
    assert.match(text, /Nothing from earlier conversations is available to you\./);
    assert.match(text, /reach the user later through schedule_task or create_reminder, and you have no other way to reach anyone\./);
    assertMentionsOnly(text, ['schedule_task', 'create_reminder']);
  });

  test('C3: remembers only through memory_write and never mentions scheduling', () => {
    const text = paragraph('C3');
    assert.match(text, /You are active only while answering a message from the user\./);
    assert.match(text, /The only thing that carries over to this user's later conversations is what you store with memory_write\./);
    assert.match(text, /You have no way to reach the user or anyone else\./);
    assert.doesNotMatch(text, /schedul|Nothing from earlier/);
    assertMentionsOnly(text, ['memory_write']);
  });

  test('C4: the agent cannot contact anyone itself, but people act on its tickets and escalations', () => {
    const text = paragraph('C4');
    assert.match(text, /You are active only while answering a message from the user\./);
    assert.match(text, /Nothing from earlier conversations is available to you\./);
    assert.match(text, /You have no way to reach the user or anyone else yourself, but a human team acts on the requests you file with create_ticket or escalate_to_human and may contact the user\./);
    assertMentionsOnly(text, ['create_ticket', 'escalate_to_human']);
  });

  test('gives no advice: no imperatives, no "never", no "should"', () => {
    for (const id of ['C0', 'C1', 'C2', 'C3', 'C4'] as const) {
      assert.doesNotMatch(paragraph(id), /\b(never|do not|should|must|call|always)\b/i, id);
    }
  });
});

describe('environment paragraph for custom deployments', () => {
  test('a send_email tool: can email now, still cannot act later or remember', () => {
    const text = environmentParagraph(EMAIL_DEPLOYMENT);
    assert.match(text, /You are active only while answering a message from the user\./);
    assert.match(text, /Nothing from earlier conversations is available to you\./);
    assert.match(text, /You can send email with send_email, and you have no other way to reach anyone\./);
    assert.doesNotMatch(text, /no way to reach the user/);
  });

  test('one tool that both schedules and remembers is named for each fact', () => {
    const text = environmentParagraph(RUNTIME_DEPLOYMENT);
    assert.match(text, /what you set up with agent_runtime is carried out when it comes due/);
    assert.match(text, /what you store with agent_runtime\./);
    assert.match(text, /reach the user later through agent_runtime/);
    assert.match(text, /agent_runtime also provides: book_meeting_rooms\./);
    assert.doesNotMatch(text, /event occurs|calculator|Nothing from earlier/);
  });

  test('follows the persistence properties: a tag the properties deny is not stated as a fact', () => {
    const denied = { ...RUNTIME_DEPLOYMENT, persistence: { ...RUNTIME_DEPLOYMENT.persistence, remembers_across_sessions: false } };
    assert.match(environmentParagraph(denied), /Nothing from earlier conversations is available to you\./);
  });
});
