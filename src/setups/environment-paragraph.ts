/**
 * The stated variant's paragraph (paper §3.1, Appendix A): facts about the runtime and no advice.
 * Rendered from affordances, so a user's own deployment gets one too. Each sentence covers one
 * fact (when the agent runs, what it remembers, whom it can reach) and names the tools behind it.
 */
import type { Affordances } from '../core/affordances.ts';
import { andList, CHANNEL_VERBS, factsOf, orList, type AffordanceFacts } from './affordance-facts.ts';

export function environmentParagraph(affordances: Affordances): string {
  const facts = factsOf(affordances);
  const sentences = [...runningSentences(facts), memorySentence(facts), contactSentence(facts), ...otherSentences(facts)];
  return sentences.join(' ');
}

function runningSentences(facts: AffordanceFacts): string[] {
  if (facts.later.length === 0) {
    return ['You run only when the user sends a message.', 'You cannot act between messages or after this conversation ends.'];
  }
  const sentences = [
    `You run when the user sends a message, and what you set up with ${orList(facts.later)} is carried out when it comes due.`,
    'You cannot otherwise act between messages or after this conversation ends.',
  ];
  if (facts.events.length > 0) {
    sentences.push(`With ${orList(facts.events)}, something can also be set to happen when an event occurs.`);
  }
  return sentences;
}

function memorySentence(facts: AffordanceFacts): string {
  if (facts.memory.length === 0) return 'You do not remember past conversations.';
  return (
    `You remember past conversations only through ${orList(facts.memory)}: ` +
    "what you save with it is available in this user's later conversations."
  );
}

function contactSentence(facts: AffordanceFacts): string {
  const ways = [
    ...(facts.reachUser.length > 0 ? [`reach the user later through ${orList(facts.reachUser)}`] : []),
    ...facts.channels.map((channel) => `${CHANNEL_VERBS[channel.capability]} with ${orList(channel.tools)}`),
  ];
  const yourself = facts.people.length > 0 ? ' yourself' : '';
  const own =
    ways.length === 0
      ? `You cannot contact the user or anyone else${yourself}`
      : `You can ${andList(ways)}, and you cannot contact anyone in any other way${yourself}`;
  if (facts.people.length === 0) return `${own}.`;
  return `${own}, but a human team acts on the requests you file with ${orList(facts.people)} and may contact the user.`;
}

function otherSentences(facts: AffordanceFacts): string[] {
  return facts.other.map((entry) => `${entry.tool} also provides: ${entry.provides.join('; ')}.`);
}
