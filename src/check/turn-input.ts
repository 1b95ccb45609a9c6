/**
 * Validates a turn record (SPEC §4) before it is checked: the facts a label depends on must be
 * there and well formed. Unknown fields are kept and ignored.
 */
import { CATEGORIES, DOABILITIES, type Category, type ChatMessage, type Doability } from '../core/types.ts';
import { argumentsAreObject } from '../core/tool-arguments.ts';
import { reportsError, textOf } from '../core/turn.ts';
import { PERSONA_IDS, type PersonaId } from '../setups/deployment.ts';
import { CheckInputError, show } from './check-input-error.ts';
import { EXACT_ID, isExactId } from './exact-id.ts';
import type { TurnRecord } from './turn-record.ts';

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

export interface ValidTurn {
  record: TurnRecord;
  persona: PersonaId | undefined;
  category: Category | undefined;
  doable: Doability | undefined;
}

export function validateTurn(value: unknown): ValidTurn {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CheckInputError('(record)', 'not a JSON object', 'an object', show(value));
  }
  const record = value as Record<string, unknown>;
  if (record.id !== undefined && typeof record.id !== 'string' && typeof record.id !== 'number') {
    throw new CheckInputError('id', 'not a string', 'a string', show(record.id));
  }
  if (typeof record.id === 'number' && !isExactId(record.id)) throw new CheckInputError('id', 'not an exact number', EXACT_ID, show(record.id));
  if (!Array.isArray(record.messages)) throw new CheckInputError('messages', 'missing or not a list', 'a list of chat messages', show(record.messages));
  // Plain loops, no callbacks: this runs for every turn. The checks run in this order, each over
  // all messages, so a record with several faults reports the same one whatever the loop shape.
  const given = record.messages as unknown[];
  for (let i = 0; i < given.length; i++) validateMessage(given[i], i);
  const messages = withStringIds(given as ChatMessage[]);
  validateToolResults(messages);
  if (!hasUserMessage(messages)) throw new CheckInputError('messages', 'no user message', 'at least one message with role "user"');
  validateToolArguments(messages);

  const persona = optionalEnum(record, 'persona', PERSONA_IDS);
  const category = optionalEnum(record, 'category', CATEGORIES);
  const doable = optionalEnum(record, 'doable', DOABILITIES) ?? optionalEnum(record, 'doable_override', DOABILITIES);
  if (record.setup !== undefined && typeof record.setup !== 'string' && (typeof record.setup !== 'object' || record.setup === null || Array.isArray(record.setup))) {
    throw new CheckInputError('setup', 'neither a setup id nor a deployment object', 'C0…C4 or an object', show(record.setup));
  }
  // The record itself when it already reads as a TurnRecord (the usual case), else a copy with a
  // string id and string call ids. A spread, not Object.assign: assigning a parsed record's own
  // "__proto__" key would set the copy's prototype, and its fields (a setup) would show through.
  const valid = typeof record.id === 'string' && messages === given ? record : { ...record, id: String(record.id ?? ''), messages };
  return { record: valid as TurnRecord, persona, category, doable };
}

/** One message's own shape (role, content, calls, result id), as `validateTurn` checks each; throws `CheckInputError` naming the field. */
export function validateMessage(message: unknown, index: number): void {
  if (message === null || typeof message !== 'object') throw new CheckInputError(fieldOf(index), 'not an object', 'a chat message', show(message));
  const { role, content } = message as { role?: unknown; content?: unknown };
  if (typeof role !== 'string' || !ROLES.has(role)) {
    throw new CheckInputError(`${fieldOf(index)}.role`, 'unknown role', [...ROLES].join('|'), show(role));
  }
  if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content)) {
    throw new CheckInputError(`${fieldOf(index)}.content`, 'not text', 'a string, a list of parts or null', show(content));
  }
  if (Array.isArray(content)) {
    for (let j = 0; j < content.length; j++) {
      const part: unknown = content[j];
      if (part === null || typeof part !== 'object') throw new CheckInputError(`${fieldOf(index)}.content[${j}]`, 'not a content part', 'an object such as {"type":"text","text":"…"}', show(part));
      const { type, text } = part as { type?: unknown; text?: unknown };
      // Other part types (images, audio) carry no text to read; a text part must hold text.
      if ((type === 'text' || text !== undefined) && typeof text !== 'string') throw new CheckInputError(`${fieldOf(index)}.content[${j}].text`, 'not text', 'a string', show(text));
    }
  }
  if (role === 'assistant') {
    const calls = (message as { tool_calls?: unknown }).tool_calls;
    if (calls === undefined || calls === null) return;
    if (!Array.isArray(calls)) throw new CheckInputError(`${fieldOf(index)}.tool_calls`, 'not a list', 'a list of tool calls', show(calls));
    for (let j = 0; j < calls.length; j++) validateCall(calls[j], index, j);
  }
  if (role === 'tool') {
    const answers = (message as { tool_call_id?: unknown }).tool_call_id;
    if (!isId(answers)) throw new CheckInputError(`${fieldOf(index)}.tool_call_id`, 'missing', 'the id of the call this result answers');
    if (typeof answers === 'number' && !isExactId(answers)) throw new CheckInputError(`${fieldOf(index)}.tool_call_id`, 'not an exact number', EXACT_ID, show(answers));
  }
}

function validateCall(call: unknown, index: number, j: number): void {
  const id = (call as { id?: unknown } | null)?.id;
  if (!isId(id)) throw new CheckInputError(`${fieldOf(index)}.tool_calls[${j}].id`, 'missing', "the call's id, which its tool result names", show(id));
  if (typeof id === 'number' && !isExactId(id)) throw new CheckInputError(`${fieldOf(index)}.tool_calls[${j}].id`, 'not an exact number', EXACT_ID, show(id));
  const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
  if (!fn || typeof fn.name !== 'string' || fn.name === '') {
    throw new CheckInputError(`${fieldOf(index)}.tool_calls[${j}].function.name`, 'missing tool name', 'a string', show(fn?.name));
  }
  if (fn.arguments !== undefined && typeof fn.arguments !== 'string') {
    throw new CheckInputError(`${fieldOf(index)}.tool_calls[${j}].function.arguments`, 'not a JSON string', 'a string holding a JSON object', show(fn.arguments));
  }
}

/** A message's field name for an error: built only when there is one to report. */
function fieldOf(index: number): string {
  return `messages[${index}]`;
}

/** Ids are strings; a number is accepted and read as its decimal string (as a record's numeric id is), if it is exact (exact-id.ts). */
function isId(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

/** The messages with numeric call ids as strings: the same list when no id is a number, else a copy changed only there. */
function withStringIds(messages: ChatMessage[]): ChatMessage[] {
  let copy: ChatMessage[] | undefined;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    const fixed = withStringId(m);
    if (fixed !== m) (copy ??= messages.slice())[i] = fixed;
  }
  return copy ?? messages;
}

function withStringId(m: ChatMessage): ChatMessage {
  if (m.role === 'tool') return typeof m.tool_call_id === 'string' ? m : { ...m, tool_call_id: String(m.tool_call_id) };
  if (m.role !== 'assistant' || !m.tool_calls) return m;
  let numeric = false;
  for (const call of m.tool_calls) if (typeof call.id !== 'string') numeric = true;
  return numeric ? { ...m, tool_calls: m.tool_calls.map(withStringCallId) } : m;
}

function withStringCallId<C extends { id: unknown }>(call: C): C {
  return typeof call.id === 'string' ? call : { ...call, id: String(call.id) };
}

function hasUserMessage(messages: readonly ChatMessage[]): boolean {
  for (const m of messages) if (m.role === 'user') return true;
  return false;
}

/**
 * A tool result must answer a call made before it: an orphan result would otherwise count for
 * nothing, silently. The calls so far are a set, not searched as a list: a turn of 200,000 calls,
 * each answered, took 83 s that way.
 */
function validateToolResults(messages: ChatMessage[]): void {
  let calls: Set<string> | undefined;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'assistant' && m.tool_calls) for (const call of m.tool_calls) (calls ??= new Set()).add(call.id);
    if (m.role === 'tool' && !calls?.has(m.tool_call_id)) {
      const known = calls === undefined || calls.size === 0 ? 'none was made' : lastCallIds(messages, i, 5).join(', ');
      throw new CheckInputError(`messages[${i}].tool_call_id`, 'answers no tool call', `the id of an earlier assistant tool call (${known})`, show(m.tool_call_id));
    }
  }
}

/** The ids of the last `count` calls made before message `before`, in order: for an error, which names the ones nearest. */
function lastCallIds(messages: readonly ChatMessage[], before: number, count: number): string[] {
  const ids: string[] = [];
  for (let i = before - 1; i >= 0 && ids.length < count; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant' && m.tool_calls) for (let j = m.tool_calls.length - 1; j >= 0 && ids.length < count; j--) ids.push(m.tool_calls[j]!.id);
  }
  return ids.reverse();
}

/**
 * A call to a tool the deployment does not have is bad input when the runtime reports it
 * succeeded (no runtime could have run it: the deployment file is probably missing the tool);
 * answered with an error result, as the turn loop answers unknown tools, it faithfully shows a
 * call that performed nothing.
 */
export function validateToolNames(messages: readonly ChatMessage[], known: { has(name: string): boolean }, setupName: string): void {
  let results: Map<string, string> | undefined;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || !m.tool_calls) continue;
    for (let j = 0; j < m.tool_calls.length; j++) {
      const call = m.tool_calls[j]!;
      if (known.has(call.function.name)) continue;
      const result = (results ??= toolResults(messages)).get(call.id);
      if (result !== undefined && reportsError(result)) continue;
      throw new CheckInputError(
        `messages[${i}].tool_calls[${j}].function.name`,
        `not a tool of ${setupName}`,
        'a tool the deployment has, or an error result from the runtime',
        show(call.function.name),
      );
    }
  }
}

/**
 * Arguments that are not a JSON object make a record malformed, unless the runtime answered the
 * call with an error result: then the record faithfully shows a model's bad call (as the turn loop
 * records it), and the call simply performed nothing.
 */
function validateToolArguments(messages: ChatMessage[]): void {
  let results: Map<string, string> | undefined;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || !m.tool_calls) continue;
    for (let j = 0; j < m.tool_calls.length; j++) {
      const call = m.tool_calls[j]!;
      const raw = call.function.arguments ?? '';
      if (argumentsAreObject(raw)) continue;
      const result = (results ??= toolResults(messages)).get(call.id);
      if (result !== undefined && reportsError(result)) continue;
      throw new CheckInputError(`messages[${i}].tool_calls[${j}].function.arguments`, 'not a JSON object', 'a JSON object', show(raw));
    }
  }
}

/** Each tool result's text by the id of the call it answers: read only when a call needs excusing. */
function toolResults(messages: readonly ChatMessage[]): Map<string, string> {
  const results = new Map<string, string>();
  for (const m of messages) if (m.role === 'tool') results.set(m.tool_call_id, textOf(m.content));
  return results;
}

function optionalEnum<T extends string>(record: Record<string, unknown>, field: string, allowed: readonly T[]): T | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new CheckInputError(field, 'unknown value', allowed.join('|'), show(value));
  }
  return value as T;
}
