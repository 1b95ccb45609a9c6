/**
 * Labelling every turn of a conversation in one pass over its messages. A turn is judged with what
 * came before it (the system prompt, earlier user and assistant texts, what earlier calls did),
 * exactly as `check` judges a record holding the conversation up to the end of that turn; but that
 * context is carried from turn to turn, not rebuilt from a copy of every prefix, so a conversation
 * of n turns costs n turns' work and holds one turn's copy at a time.
 *
 * The whole conversation is validated once. A conversation with a fault somewhere is labelled
 * prefix by prefix instead (each turn as the record it stands for, one prefix at a time), so each
 * turn reports the fault its own prefix holds, as before.
 */
import { textOf, reportsError, viewTurn } from '../core/turn.ts';
import { argumentsAreObject } from '../core/tool-arguments.ts';
import type { ChatMessage, LabelRecord } from '../core/types.ts';
import { callFacts, labelTurn, type CheckOptions } from './check.ts';
import { checkExplainLater, emitInputWarning } from './check.ts';
import { adaptRecord, isPlainMessage } from './input-formats/adapt-record.ts';
import { MAX_CONTEXT_CHARS } from './conversation-context.ts';
import { deploymentFacts, resolveRecordDeployment } from './deployment-facts.ts';
import type { Explanation } from './explanation.ts';
import type { CallFacts } from './rules/report-backing.ts';
import type { Conversation } from './rules/frames/index.ts';
import { validateMessage, validateToolNames, validateTurn } from './turn-input.ts';

export interface ConversationTurnRecord {
  /** 1-based, counting user messages. */
  turn: number;
  /**
   * The turn as a record (the conversation's fields, the turn's id): its messages are the turn's
   * own (from its user message) on the one-pass path, the whole prefix on the prefix path.
   */
  record: Record<string, unknown> & { id: string };
}

export type LabelledTurn = ConversationTurnRecord & ({ labelled: { label: LabelRecord; explain: () => Explanation } } | { error: unknown });

/** A turn's span: its user message at `user`, its messages up to `end` (exclusive). */
interface TurnSpan {
  turn: number;
  user: number;
  end: number;
}

/** The assistant turns of `messages`: each user message followed by at least one assistant message before the next user message. */
export function* turnSpans(messages: readonly unknown[]): Generator<TurnSpan> {
  let turn = 0;
  let user = -1;
  let replied = false;
  for (let i = 0; i <= messages.length; i++) {
    const role = i < messages.length ? (messages[i] as { role?: unknown } | null)?.role : 'user';
    if (role === 'assistant') replied = true;
    if (role !== 'user') continue;
    if (user >= 0 && replied) yield { turn, user, end: i };
    if (i < messages.length) {
      turn++;
      user = i;
      replied = false;
    }
  }
}

/** Labels each turn in order; `id` is the conversation's, `rest` its other fields, which every turn record carries. */
export function* labelConversationTurns(id: string, messages: readonly unknown[], rest: Record<string, unknown>, options: CheckOptions): Generator<LabelledTurn> {
  const ready = prepare(id, messages, rest, options);
  if (ready === undefined) {
    for (const span of turnSpans(messages)) yield prefixTurn(id, messages, rest, span, options);
    return;
  }
  const { valid, deployment, facts } = ready;
  const all = valid.record.messages;
  const context = new RunningContext(facts);
  const excuses = new Excuses(facts);
  for (const span of turnSpans(all)) {
    context.advance(all, span.user);
    excuses.advance(all, span.end);
    const record = { ...rest, id: `${id}-t${span.turn}`, messages: all.slice(span.user, span.end) };
    // A call excused only by an error result that comes after this turn: this prefix alone is bad input.
    if (excuses.missing > 0) {
      yield prefixTurn(id, all, rest, span, options);
      continue;
    }
    try {
      const labelled = labelTurn(
        { id: record.id, persona: valid.persona, category: valid.category, doable: valid.doable, deployment, facts, view: viewTurn(record.messages), earlier: context.earlier(), conversation: context.before(all[span.user]!) },
        options,
      );
      yield { turn: span.turn, record, labelled };
    } catch (error) {
      yield { turn: span.turn, record, error };
    }
  }
}

/**
 * The same labels from messages read one at a time (a conversation line parsed piece by piece):
 * only the current turn's messages are held, besides what `RunningContext` keeps. `messages`
 * is read twice: first to find whether the conversation is one the one pass labels exactly as
 * its prefixes (valid throughout, no call that only a later error result excuses); undefined
 * when it is not, and the caller labels the conversation whole, prefix by prefix where it must.
 */
export function labelStreamedTurns(id: string, rest: Record<string, unknown>, messages: () => Iterable<unknown>, options: CheckOptions): Generator<LabelledTurn> | undefined {
  const ready = prepareStreamed(id, rest, messages, options);
  return ready && streamedTurns(id, rest, messages() as Iterable<ChatMessage>, ready, options);
}

function* streamedTurns(id: string, rest: Record<string, unknown>, messages: Iterable<ChatMessage>, ready: Prepared, options: CheckOptions): Generator<LabelledTurn> {
  const { valid, deployment, facts } = ready;
  const context = new RunningContext(facts);
  let turn = 0;
  // The current turn's messages, from its user message on (empty before the first user message).
  let current: ChatMessage[] = [];
  let replied = false;
  const label = (): LabelledTurn => {
    const record = { ...rest, id: `${id}-t${turn}`, messages: current };
    try {
      const labelled = labelTurn(
        { id: record.id, persona: valid.persona, category: valid.category, doable: valid.doable, deployment, facts, view: viewTurn(current), earlier: context.earlier(), conversation: context.before(current[0]!) },
        options,
      );
      return { turn, record, labelled };
    } catch (error) {
      return { turn, record, error };
    }
  };
  for (const message of messages) {
    if (message.role === 'user') {
      if (replied) yield label();
      for (const earlier of current) context.read(earlier);
      current = [message];
      replied = false;
      turn++;
    } else if (turn === 0) {
      context.read(message);
    } else {
      current.push(message);
      if (message.role === 'assistant') replied = true;
    }
  }
  if (replied) yield label();
}

type Prepared = NonNullable<ReturnType<typeof prepare>>;

/**
 * What `prepare` finds, read message by message, when the one pass labels every turn as its
 * prefix: every message plain and valid (turn-input.ts, adapt-record.ts), call ids strings, every
 * result answering an earlier call, every call to a tool of the deployment with object arguments
 * (so no call waits for an error result to excuse it). Anything else: undefined.
 */
function prepareStreamed(id: string, rest: Record<string, unknown>, messages: () => Iterable<unknown>, options: CheckOptions): Prepared | undefined {
  if ((options.inputFormat ?? 'auto') !== 'auto' && options.inputFormat !== 'openai') return undefined;
  if (rest.system !== undefined) return undefined;
  let ready: Prepared;
  try {
    // The record's own fields, checked as validateTurn checks them, on a stand-in message list.
    const valid = validateTurn({ ...rest, id, messages: [{ role: 'user', content: '' }] });
    const deployment = resolveRecordDeployment(valid.record.setup, options.setup);
    ready = { valid, deployment, facts: deploymentFacts(deployment, valid.persona ?? 'generic') };
  } catch {
    return undefined;
  }
  const calls = new Set<string>();
  let sawUser = false;
  let i = 0;
  try {
    for (const value of messages()) {
      if (!isPlainMessage(value)) return undefined;
      validateMessage(value, i++);
      const message = value as ChatMessage;
      if (message.role === 'user') sawUser = true;
      else if (message.role === 'tool' && (typeof message.tool_call_id !== 'string' || !calls.has(message.tool_call_id))) return undefined;
      else if (message.role === 'assistant') {
        for (const call of message.tool_calls ?? []) {
          if (typeof call.id !== 'string' || !argumentsAreObject(call.function.arguments ?? '') || !ready.facts.familiesOf.has(call.function.name)) return undefined;
          calls.add(call.id);
        }
      }
    }
  } catch {
    return undefined;
  }
  return sawUser ? ready : undefined;
}

function prepare(id: string, messages: readonly unknown[], rest: Record<string, unknown>, options: CheckOptions) {
  try {
    const valid = validateTurn(adaptRecord({ ...rest, id, messages }, options.inputFormat ?? 'auto', options.onWarning ?? emitInputWarning).record);
    const deployment = resolveRecordDeployment(valid.record.setup, options.setup);
    const facts = deploymentFacts(deployment, valid.persona ?? 'generic');
    validateToolNames(valid.record.messages, facts.familiesOf, deployment.id);
    return { valid, deployment, facts };
  } catch {
    return undefined;
  }
}

/** One turn labelled from its own prefix, as a record holding the conversation up to its end. */
function prefixTurn(id: string, messages: readonly unknown[], rest: Record<string, unknown>, span: TurnSpan, options: CheckOptions): LabelledTurn {
  const record = { ...rest, id: `${id}-t${span.turn}`, messages: messages.slice(0, span.end) };
  try {
    return { turn: span.turn, record, labelled: checkExplainLater(record, options) };
  } catch (error) {
    return { turn: span.turn, record, error };
  }
}

/**
 * The texts before the current turn, growing as the conversation is read. A frame asks whether any
 * earlier text matches (`earlierUser.some(CREATIVE_REQUEST)`) at every turn; each predicate's
 * answer is kept with how far it has read, so each text is tested once per predicate, not once
 * per later turn.
 */
class GrowingTexts extends Array<string> {
  static override get [Symbol.species]() {
    return Array;
  }

  readonly #read = new Map<unknown, { upTo: number; found: boolean }>();

  override some(predicate: (value: string, index: number, array: string[]) => unknown, thisArg?: unknown): boolean {
    let memo = this.#read.get(predicate);
    if (memo === undefined) this.#read.set(predicate, (memo = { upTo: 0, found: false }));
    while (!memo.found && memo.upTo < this.length) {
      if (predicate.call(thisArg, this[memo.upTo]!, memo.upTo, this)) memo.found = true;
      memo.upTo++;
    }
    return memo.found;
  }
}

/** The last earlier assistant text: all the frames read of them. */
class LastText {
  last: string | undefined;

  at(_index: -1): string | undefined {
    return this.last;
  }
}

/** What came before the current turn, kept up to date message by message. */
class RunningContext {
  #next = 0;
  #system = '';
  #sawSystem = false;
  readonly #earlierUser = new GrowingTexts();
  readonly #earlierAssistant = new LastText();
  /** Whether each call id's last result so far reports an error (null: no result yet, which counts as done). */
  readonly #results = new Map<string, boolean | null>();
  /** The names of the calls made under each id. */
  readonly #callNames = new Map<string, string[]>();
  /** How many calls of each tool count as done so far: the tools with any back later reports. */
  readonly #doneByName = new Map<string, number>();
  constructor(private readonly facts: ReturnType<typeof deploymentFacts>) {}

  /** Reads messages up to (not including) `to`. */
  advance(messages: readonly ChatMessage[], to: number): void {
    for (; this.#next < to; this.#next++) this.read(messages[this.#next]!);
  }

  /** Reads the next message. */
  read(message: ChatMessage): void {
    if (message.role === 'system' || (message.role as string) === 'developer') {
      const text = textOf(message.content).slice(0, MAX_CONTEXT_CHARS);
      // As the system texts joined with line breaks.
      this.#system = this.#sawSystem ? `${this.#system}\n${text}` : text;
      this.#sawSystem = true;
    } else if (message.role === 'user') {
      this.#earlierUser.push(textOf(message.content).slice(0, MAX_CONTEXT_CHARS));
    } else if (message.role === 'assistant') {
      const text = textOf(message.content).slice(0, MAX_CONTEXT_CHARS);
      if (text.trim()) this.#earlierAssistant.last = text;
      for (const call of message.tool_calls ?? []) this.#call(call.id, call.function.name);
    } else if (message.role === 'tool') {
      this.#result(message.tool_call_id, textOf(message.content));
    }
  }

  #call(id: string, name: string): void {
    const result = this.#results.get(id);
    if (result === undefined) this.#results.set(id, null);
    const names = this.#callNames.get(id);
    if (names === undefined) this.#callNames.set(id, [name]);
    else names.push(name);
    if (result !== true) this.#doneByName.set(name, (this.#doneByName.get(name) ?? 0) + 1);
  }

  #result(id: string, text: string): void {
    const before = this.#results.get(id);
    const wasDone = before !== true;
    const errored = reportsError(text);
    const isDone = !errored;
    this.#results.set(id, errored);
    if (wasDone === isDone) return;
    const step = isDone ? 1 : -1;
    for (const name of this.#callNames.get(id) ?? []) this.#doneByName.set(name, this.#doneByName.get(name)! + step);
  }

  /**
   * What the earlier turns' successful calls did, one entry per tool (the rules ask whether any backs a
   * report). Per tool, not per call as a prefix record reads them, so a long conversation stays linear:
   * an earlier call's acts are its tool's, not narrowed by its arguments (tried per call: 8,000 turns
   * took 1.4× the CPU and 1.25× the memory, and no labelled turn changed).
   */
  earlier(): CallFacts[] {
    const out: CallFacts[] = [];
    for (const [name, done] of this.#doneByName) if (done > 0) out.push(callFacts(this.facts, name));
    return out;
  }

  /** The conversation before the user message that opens the current turn. */
  before(user: ChatMessage): Conversation {
    return { systemPrompt: this.#system, userText: textOf(user.content).slice(0, MAX_CONTEXT_CHARS), earlierUser: this.#earlierUser, earlierAssistant: this.#earlierAssistant };
  }
}

/**
 * Calls that are bad input unless an error result answers them (arguments that are not an object,
 * a tool the deployment lacks; see turn-input.ts), read up to the end of the current turn: while
 * one is unanswered, or answered with success, the prefix up to here is bad input.
 */
class Excuses {
  #next = 0;
  /** Such calls by id: how many. */
  readonly #calls = new Map<string, number>();
  readonly #excused = new Set<string>();
  /** How many such calls are not answered by an error result so far. */
  missing = 0;

  constructor(private readonly facts: ReturnType<typeof deploymentFacts>) {}

  advance(messages: readonly ChatMessage[], to: number): void {
    for (; this.#next < to; this.#next++) {
      const message = messages[this.#next]!;
      if (message.role === 'assistant') {
        for (const call of message.tool_calls ?? []) {
          if (argumentsAreObject(call.function.arguments) && this.facts.familiesOf.has(call.function.name)) continue;
          this.#calls.set(call.id, (this.#calls.get(call.id) ?? 0) + 1);
          if (!this.#excused.has(call.id)) this.missing++;
        }
      } else if (message.role === 'tool') {
        const count = this.#calls.get(message.tool_call_id) ?? 0;
        const was = this.#excused.has(message.tool_call_id);
        // The last result for an id is the one that counts, as turn-input.ts reads them.
        const is = reportsError(textOf(message.content));
        if (is) this.#excused.add(message.tool_call_id);
        else this.#excused.delete(message.tool_call_id);
        if (was !== is) this.missing += is ? -count : count;
      }
    }
  }
}
