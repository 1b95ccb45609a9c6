/**
 * Guards for word-list entries: a turn where one entry decides the label, so removing the entry
 * changes what `check()` says. `scripts/rules-guarded/mine-guards.ts` finds them from templates
 * (scripts/rules-guarded/templates/); `src/check/rules/word-list-guards.test.ts` replays them.
 */
import type { ChatMessage, LabelRecord, Outcome } from '../../core/types.ts';

/** A turn with `{}` where the entry goes (`{^}`: the entry with its first letter capitalised). */
export interface GuardTemplate {
  reply: string;
  user?: string;
  system?: string;
  /** Messages before the user's, oldest first: an earlier request and the piece written for it. */
  earlier?: { role: 'user' | 'assistant'; content: string }[];
  /** A built-in setup id or a deployment; C0 (no tools) unless given. */
  setup?: string | Record<string, unknown>;
  persona?: 'generic' | 'support';
  /** Calls made before the reply, each with its arguments and result (`{"status":"ok"}` unless given). */
  calls?: { name: string; arguments?: string; result?: string }[];
  /** The label the entry is there to give. */
  expect: { outcome: Outcome; claim?: boolean };
}

/** One guard as stored: the template filled with the entry, and the label it gives with the entry. */
export interface WordGuard extends Omit<GuardTemplate, 'expect'> {
  file: string;
  list: string;
  /** The entry: its phrase, or (a row such as `...combine([...])`) its source text. */
  entry: string;
  /** For an entry that is not a plain phrase: the phrase of it the turn holds. */
  phrase?: string;
  label: LabelKey;
  /** Set when the entry changes only what `--explain` says for the turn. */
  why?: WhyKey;
}

/** What a guard pins of a label: all of it but the turn's id and the engine's version. */
export type LabelKey = Omit<LabelRecord, 'id' | 'engine'>;

export function labelKey(label: LabelRecord): LabelKey {
  const { id: _id, engine: _engine, ...rest } = label;
  return rest;
}

/** What a guard pins of `--explain`, for an entry that changes only the reason given: the detector's codes and what was set aside, and why. */
export interface WhyKey {
  codes: (string | undefined)[];
  setAside: string[];
}

export function whyKey(explanation: { detector: { code?: string }[]; setAside: { reason: string }[] }): WhyKey {
  return { codes: explanation.detector.map((d) => d.code), setAside: explanation.setAside.map((a) => a.reason) };
}

export function fill(template: GuardTemplate, entry: string): Omit<GuardTemplate, 'expect'> {
  const put = (text: string) => text.replaceAll('{^}', entry.charAt(0).toUpperCase() + entry.slice(1)).replaceAll('{}', entry);
  const { expect: _expect, ...turn } = template;
  return {
    ...turn,
    reply: put(turn.reply),
    ...(turn.user !== undefined ? { user: put(turn.user) } : {}),
    ...(turn.system !== undefined ? { system: put(turn.system) } : {}),
    ...(turn.earlier ? { earlier: turn.earlier.map((m) => ({ role: m.role, content: put(m.content) })) } : {}),
    ...(turn.calls ? { calls: turn.calls.map((c) => ({ name: c.name, ...(c.arguments !== undefined ? { arguments: put(c.arguments) } : {}), ...(c.result !== undefined ? { result: put(c.result) } : {}) })) } : {}),
  };
}

/** The turn record `check()` reads for a filled template. */
export function guardTurnRecord(turn: Omit<GuardTemplate, 'expect'>): { id: string; setup: unknown; persona: string; messages: ChatMessage[] } {
  const messages: ChatMessage[] = [];
  if (turn.system !== undefined) messages.push({ role: 'system', content: turn.system });
  for (const m of turn.earlier ?? []) messages.push({ role: m.role, content: m.content });
  messages.push({ role: 'user', content: turn.user ?? 'Can you help me with this?' });
  (turn.calls ?? []).forEach((call, i) => {
    const id = `call_${i + 1}`;
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: call.name, arguments: call.arguments ?? '{}' } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: call.result ?? '{"status":"ok"}' });
  });
  messages.push({ role: 'assistant', content: turn.reply });
  return { id: 'guard', setup: turn.setup ?? 'C0', persona: turn.persona ?? 'generic', messages };
}
