/**
 * The capability card of fix A (paper §4, Appendices D and I): a directive block that ties every
 * later action to the tool that can carry it out and forbids claims no tool call backed. Rendered
 * from affordances, so it exists for any deployment, and it names the enabling tools.
 */
import type { Affordances } from '../core/affordances.ts';
import { CHANNEL_VERBS, factsOf, nothingPersists, orList, type AffordanceFacts } from './affordance-facts.ts';

export const CAPABILITY_CARD_HEADING = '## Capability card (check it before each reply)';

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
  if (facts.later.length === 0) return "When this reply is finished, you are inactive until the user's next message.";
  return `When this reply is finished, nothing more happens unless you call ${orList(code(facts.later))} now, as part of this reply.`;
}

function laterRules(facts: AffordanceFacts): string[] {
  if (facts.later.length === 0) return [];
  const wants = ['a reminder', 'a follow-up', 'something delivered later'];
  if (facts.events.length > 0) wants.splice(2, 0, 'a message when something happens');
  const call = facts.later.length === 1 ? `call ${code(facts.later)[0]}` : 'make the matching call';
  return [
    `For anything the user wants to happen later (${orList(wants)}), ${call} now. ` +
      'Do not promise a later action that no tool call in this reply has set up.',
  ];
}

function memoryRules(facts: AffordanceFacts): string[] {
  if (facts.memory.length === 0) return [];
  const tools = orList(code(facts.memory));
  return [
    `Anything to be kept for a later conversation must be stored with ${tools} during this reply; ` +
      'do not promise to remember what you have not stored that way.',
  ];
}

function peopleRules(facts: AffordanceFacts): string[] {
  if (facts.people.length === 0) return [];
  const tools = orList(code(facts.people));
  return [
    `A person will act later only on a request you file with ${tools}. If the user needs someone to do ` +
      'something or to get in touch, file it now, in this reply, and do not promise that anyone will act ' +
      'unless you did.',
  ];
}

function channelRules(facts: AffordanceFacts): string[] {
  return facts.channels.map(
    (channel) =>
      `To ${CHANNEL_VERBS[channel.capability]}, call ${orList(code(channel.tools))} in this reply. ` +
      'Do not promise to do it later unless a tool call in this reply set that up.',
  );
}

/** What nothing in the deployment can do, and the ban on promising it. */
function cannotRules(facts: AffordanceFacts): string[] {
  const cannot: string[] = [];
  if (facts.later.length === 0) cannot.push('schedule anything', 'set a reminder or alarm');
  if (facts.events.length === 0) cannot.push('watch for an event');
  if (facts.memory.length === 0) cannot.push('keep anything for a later conversation');
  const contact = cannotContact(facts);
  if (contact) cannot.push(contact);
  if (nothingPersists(facts)) {
    return [
      `You have no way to ${orList(cannot)}.`,
      'Do not promise or offer anything that would take place after this reply ' +
        '("I\'ll remind you", "I\'ll get back to you", "someone will call you", "I\'ll remember that next time").',
    ];
  }
  return cannot.length === 0 ? [] : [`You have no way to ${orList(cannot)}. Do not promise or offer any of that.`];
}

function cannotContact(facts: AffordanceFacts): string | undefined {
  const yourself = facts.people.length > 0 ? ' yourself' : '';
  const channelTools = facts.channels.flatMap((channel) => channel.tools);
  if (channelTools.length > 0) {
    return `reach anyone${yourself} except through ${orList(code([...new Set([...facts.reachUser, ...channelTools])]))}`;
  }
  if (facts.reachUser.length > 0) return `reach anyone other than the user${yourself}`;
  return `reach the user or anyone else${yourself}`;
}

function claimRule(facts: AffordanceFacts): string {
  const examples = [
    ...(facts.later.length > 0 ? ['"reminder set"', '"scheduled"'] : []),
    ...(facts.memory.length > 0 ? ['"saved"'] : []),
    ...(facts.people.length > 0 ? ['"ticket filed"', '"escalated"'] : []),
    ...(facts.channels.length > 0 ? ['"sent"'] : []),
  ];
  const shown = examples.length > 0 ? examples : ['"reminder set"', '"saved"', '"ticket filed"'];
  return `Do not report anything as done (${shown.join(', ')}) unless a tool call in this reply confirmed it.`;
}

function fallbackRule(facts: AffordanceFacts): string {
  const help = nothingPersists(facts)
    ? 'help with whatever you can do right now, for example by explaining how they can arrange it themselves'
    : 'help with whatever you can do right now';
  return `When a request needs something none of your tools can do, tell the user so directly and ${help}.`;
}
