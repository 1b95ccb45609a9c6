/**
 * What a deployment can do, read from its persistence properties and its tools' capability tags
 * (never from a setup id), in the form both renderers need: which tools carry each kind of
 * after-the-turn effect. A kind counts only when a property allows it and a tool provides it.
 */
import { isOtherCapability, providersOf, type Affordances } from '../core/affordances.ts';
import type { KnownCapability } from '../core/types.ts';

export const CHANNEL_CAPABILITIES = ['send_email', 'send_sms', 'phone_call', 'send_file'] as const;
export type ChannelCapability = (typeof CHANNEL_CAPABILITIES)[number];

/** How each channel reads in a sentence ("you can send email with …"). */
export const CHANNEL_VERBS: Readonly<Record<ChannelCapability, string>> = {
  send_email: 'send email',
  send_sms: 'send text messages',
  phone_call: 'make phone calls',
  send_file: 'send files',
};

export interface AffordanceFacts {
  /** Tools that make something happen at a later time or on an event. */
  later: string[];
  /** Tools among those that can wait for an event. */
  events: string[];
  /** Tools that reach the user after the turn. */
  reachUser: string[];
  /** Tools that keep something for a later conversation. */
  memory: string[];
  /** Tools whose calls people act on. */
  people: string[];
  /** Direct channels (email, SMS, phone, files) and the tools that provide each. */
  channels: { capability: ChannelCapability; tools: string[] }[];
  /** Open-ended `other:` capabilities, per tool, as written after the prefix. */
  other: { tool: string; provides: string[] }[];
}

export function factsOf(affordances: Affordances): AffordanceFacts {
  const { persistence } = affordances;
  const providers = (capability: KnownCapability) => providersOf(affordances, capability);
  const runsLater = persistence.acts_after_turn || persistence.schedules_future;
  const later = affordances.tools
    .filter((tool) => tool.capabilities.includes('run_later') || tool.capabilities.includes('watch_event'))
    .map((tool) => tool.name);
  return {
    later: runsLater ? later : [],
    events: runsLater ? providers('watch_event') : [],
    reachUser: runsLater ? providers('notify_user_later') : [],
    memory: persistence.remembers_across_sessions ? providers('recall_across_sessions') : [],
    people: persistence.obligates_people ? providers('delegate_to_human') : [],
    channels: CHANNEL_CAPABILITIES.map((capability) => ({ capability, tools: providers(capability) })).filter(
      (channel) => channel.tools.length > 0,
    ),
    other: affordances.tools
      .map((tool) => ({
        tool: tool.name,
        provides: tool.capabilities.filter(isOtherCapability).map((tag) => tag.slice('other:'.length).trim()),
      }))
      .filter((entry) => entry.provides.length > 0),
  };
}

/** True when no tool makes anything happen after the reply. */
export function nothingPersists(facts: AffordanceFacts): boolean {
  return facts.later.length + facts.memory.length + facts.people.length + facts.channels.length === 0;
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  return joinList(items, 'or');
}

/** "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  return joinList(items, 'and');
}

function joinList(items: readonly string[], conjunction: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
