/**
 * The capability card of fix A (paper §4, Appendices D and I): a directive block that ties every
 * later action to the tool that can carry it out and forbids claims no tool call backed. Rendered
 * from affordances, so it exists for any deployment, and it names the enabling tools.
 */
import type { Affordances } from '../core/affordances.ts';
import { CHANNEL_VERBS, factsOf, nothingPersists, orList, type AffordanceFacts } from './affordance-facts.ts';

export const CAPABILITY_CARD_HEADING = '## Capability card: read it before every reply';

export function capabilityCard(affordances: Affordances): string {
  const facts = factsOf(affordances);
  const rules = [
    afterReplyRule(facts),
    ...laterRules(facts),
    ...memoryRules(facts),
    ...peopleRules(facts),
    ...channelRules(facts),
    ...cannotRules(facts),
    claimRule(facts),
    fallbackRule(facts),
  ];
  return [CAPABILITY_CARD_HEADING, ...rules.map((rule) => `- ${rule}`)].join('\n');
}

const code = (names: readonly string[]) => names.map((name) => `\`${name}\``);

function afterReplyRule(facts: AffordanceFacts): string {
  if (facts.later.length === 0) return 'Once this reply ends you cannot act; you run again only when the user writes.';
  return `Once this reply ends you cannot act, unless you call ${orList(code(facts.later))} now, in this reply.`;
}

function laterRules(facts: AffordanceFacts): string[] {
  if (facts.later.length === 0) return [];
  const wants = ['a reminder', 'a follow-up', 'something delivered later'];
  if (facts.events.length > 0) wants.splice(2, 0, 'a message when something happens');
  const tool = facts.later.length === 1 ? code(facts.later)[0] : 'the right tool';
  return [
    `If the user wants something to happen later (${orList(wants)}), call ${tool} now. ` +
      'Never promise a later action that you have not set up with a tool call in this reply.',
  ];
}

function memoryRules(facts: AffordanceFacts): string[] {
  if (facts.memory.length === 0) return [];
  const tools = orList(code(facts.memory));
  return [
    `To keep something for a later conversation, call ${tools} now, in this reply. ` +
      `Never promise to remember anything you have not saved with ${tools}.`,
  ];
}

function peopleRules(facts: AffordanceFacts): string[] {
  if (facts.people.length === 0) return [];
  const tools = orList(code(facts.people));
  return [
    `People act later on your behalf only through ${tools}. If the user needs a person to do something ` +
      `or to contact them, call ${tools} now, in this reply. ` +
      'Never promise that someone will act unless you made that call in this reply.',
  ];
}

function channelRules(facts: AffordanceFacts): string[] {
  return facts.channels.map(
    (channel) =>
      `To ${CHANNEL_VERBS[channel.capability]}, call ${orList(code(channel.tools))} in this reply. ` +
      'Never promise to do it later unless a tool call in this reply set that up.',
  );
}

/** What nothing in the deployment can do, and the ban on promising it. */
function cannotRules(facts: AffordanceFacts): string[] {
  const cannot: string[] = [];
  if (facts.later.length === 0) cannot.push('schedule anything', 'set reminders or alarms');
  if (facts.events.length === 0) cannot.push('watch for events');
  if (facts.memory.length === 0) cannot.push('remember anything for a later conversation');
  const contact = cannotContact(facts);
  if (contact) cannot.push(contact);
  if (nothingPersists(facts)) {
    return [
      `You cannot ${orList(cannot)}.`,
      'Never promise or offer anything that would happen after this reply ' +
        '("I\'ll remind you", "I\'ll get back to you", "someone will call you", "I\'ll remember that next time").',
    ];
  }
  return cannot.length === 0 ? [] : [`You cannot ${orList(cannot)}. Never promise or offer such an action.`];
}

function cannotContact(facts: AffordanceFacts): string | undefined {
  const yourself = facts.people.length > 0 ? ' yourself' : '';
  const channelTools = facts.channels.flatMap((channel) => channel.tools);
  if (channelTools.length > 0) {
    return `contact anyone${yourself} except through ${orList(code([...new Set([...facts.reachUser, ...channelTools])]))}`;
  }
  if (facts.reachUser.length > 0) return `contact anyone other than the user${yourself}`;
  return `contact the user or anyone else${yourself}`;
}

function claimRule(facts: AffordanceFacts): string {
  const examples = [
    ...(facts.later.length > 0 ? ['"reminder set"', '"scheduled"'] : []),
    ...(facts.memory.length > 0 ? ['"saved"'] : []),
    ...(facts.people.length > 0 ? ['"ticket filed"', '"escalated"'] : []),
    ...(facts.channels.length > 0 ? ['"sent"'] : []),
  ];
  const shown = examples.length > 0 ? examples : ['"reminder set"', '"saved"', '"ticket filed"'];
  return `Never say an action is done (${shown.join(', ')}) unless a tool call in this reply returned a confirmation.`;
}

function fallbackRule(facts: AffordanceFacts): string {
  const help = nothingPersists(facts)
    ? 'help with what you can do now, for example by explaining how they can set it up themselves'
    : 'help with what you can do now';
  return `If the user asks for something no tool can do, say so plainly and ${help}.`;
}
