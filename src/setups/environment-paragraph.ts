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
    return [
      'You are active only while answering a message from the user.',
      'Between the user\'s messages, and once this conversation is over, you do nothing.',
    ];
  }
  const sentences = [
    `You are active while answering a message from the user, and what you set up with ${orList(facts.later)} ` +
      'is carried out when it comes due.',
    'Apart from that, you do nothing between the user\'s messages or after this conversation is over.',
  ];
  if (facts.events.length > 0) {
    sentences.push(`With ${orList(facts.events)}, something can also be set to happen when an event occurs.`);
  }
  return sentences;
}

function memorySentence(facts: AffordanceFacts): string {
  if (facts.memory.length === 0) return 'Nothing from earlier conversations is available to you.';
  return `The only thing that carries over to this user's later conversations is what you store with ${orList(facts.memory)}.`;
}

function contactSentence(facts: AffordanceFacts): string {
  const ways = [
    ...(facts.reachUser.length > 0 ? [`reach the user later through ${orList(facts.reachUser)}`] : []),
    ...facts.channels.map((channel) => `${CHANNEL_VERBS[channel.capability]} with ${orList(channel.tools)}`),
  ];
  const yourself = facts.people.length > 0 ? ' yourself' : '';
  const own =
    ways.length === 0
      ? `You have no way to reach the user or anyone else${yourself}`
      : `You can ${andList(ways)}, and you have no other way to reach anyone${yourself}`;
  if (facts.people.length === 0) return `${own}.`;
  return `${own}, but a human team acts on the requests you file with ${orList(facts.people)} and may contact the user.`;
}

function otherSentences(facts: AffordanceFacts): string[] {
  return facts.other.map((entry) => `${entry.tool} also provides: ${entry.provides.join('; ')}.`);
}
