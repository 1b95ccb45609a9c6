/**
 * Labels a stream of turn records (JSON Lines), one result per non-blank line, in order. A bad
 * line becomes a problem naming its line number and field; every good line is still labelled.
 * A response whose model call failed (an exported record with `error` set) holds no reply to
 * label: it is reported as errored, neither labelled nor bad input, as `felicity judge` skips it.
 * With `engine` (llm, hybrid) turns are labelled by it, `engine.concurrency` at a time, still in
 * input order; a model judgment that stays invalid leaves its turn unlabelled (`failed`).
 * No file access: the caller supplies the lines (or a stream it opened) and decides where results go.
 */
import { FAILURE_OUTCOMES, OUTCOMES, type LabelRecord, type Outcome } from '../core/types.ts';
import { checkExplainLater, checkWithExplanation, type CheckOptions } from './check.ts';
import { conversationParts, conversationTurns, withTurn } from './conversations.ts';
import { labelConversationTurns, labelStreamedTurns, type LabelledTurn } from './conversation-labels.ts';
import { readConversationLine } from './conversation-line.ts';
import { boundedJson } from './bounded-json.ts';
import { CheckInputError } from './check-input-error.ts';
import { integerIdAsWritten, isExactId } from './exact-id.ts';
import type { CheckEngine } from './engines/engine.ts';
import { mapOrdered } from './engines/map-ordered.ts';
import type { Explanation } from './explanation.ts';
import { MAX_REPLY_CHARS } from './rules/text-regions.ts';
import { JudgmentFailedError } from './llm/judgment-failed-error.ts';
import { loadInlineDeployments, needsInlineDeployments } from './inline-deployments.ts';
import { byteLines } from './byte-lines.ts';
import { NOT_LABELLED_REASONS, type NotLabelledReason, type NotLabelledRecord } from './unjudgeable.ts';
import type { InputFormatChoice } from './input-formats/input-format.ts';
import { adaptLine, afterLabel, foundNoCue, stepWithNotes, unjudgeable, withNotes, type InputNotes } from './line-records.ts';

export type { InputNotes } from './line-records.ts';

export type LineResult = (
  /** From the offline rules without `explain`, the explanation is worked out when first read. */
  | { line: number; label: LabelRecord; explanation: Explanation }
  | { line: number; problem: { field: string; message: string } }
  /** The model call behind this response failed (`error` on the record): not labelled. */
  | { line: number; errored: { id: string; error: string } }
  /** A model judgment failed after its repair (llm and hybrid engines): not labelled, never defaulted. */
  | { line: number; failed: { id: string; message: string } }
  /** A turn the rules cannot judge (no reply, not English): written as a `not_labelled` record, in no rate (unjudgeable.ts). */
  | { line: number; notLabelled: NotLabelledRecord }
) & {
  /** On a line's first result, when its record was in another message format or had parts that were not read. */
  notes?: InputNotes;
};

export interface JsonlOptions extends CheckOptions {
  /** Label with this engine instead of the offline rules. */
  engine?: CheckEngine;
  /** Each line is a whole conversation: one label per assistant turn, with `conversation` and `turn`. */
  conversations?: boolean;
  /** The message format of the records (`auto`, the default: each record's own shape decides). */
  inputFormat?: InputFormatChoice;
  /**
   * Every label's explanation will be read (`--explain`): compute it while labelling. Without it
   * the offline rules work a label's explanation out only if it is read, from the same labelling.
   */
  explain?: boolean;
}

/** Characters of a structured `error` value quoted on stderr: it is untrusted, and may nest deeper than the stack. */
const ERROR_SHOWN = 1000;

/** The failure a response record carries, or undefined for a turn to label. */
export function modelCallError(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const error = (value as { error?: unknown }).error;
  if (error === undefined || error === null || error === false || error === '') return undefined;
  return typeof error === 'string' ? error : boundedJson(error, ERROR_SHOWN);
}

/** Strict: a byte sequence that is not UTF-8 is an error, never a U+FFFD quoted back in a span. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Lines of JSON, or a stream of bytes to split into lines. A stream is a Node `Readable` that is
 * not in object mode (`fs.createReadStream(file)`, `process.stdin`, an HTTP body) or a web
 * `ReadableStream` (`response.body`): its chunks, Buffers or strings, are cut at LF or CRLF here.
 * Anything else iterable yields one line per item (`readline`, an array, a `Readable` in object mode).
 */
export type JsonlInput = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> | ReadableStream<string | Uint8Array>;

/**
 * Labels JSON Lines of turn records, one result per non-blank line, in input order (see `LineResult`).
 *
 * @param input a byte stream (a file's `ReadStream`), split into lines here, or lines: text lines,
 * or undecoded byte lines. Each byte line is decoded as UTF-8 on its own, and one that is not UTF-8
 * is a problem at its line.
 * @example
 * for await (const result of checkJsonl(createReadStream('turns.jsonl'), { setup: 'C2' }))
 *   if ('label' in result) console.log(result.line, result.label.outcome);
 */
export async function* checkJsonl(input: JsonlInput, options: JsonlOptions = {}): AsyncGenerator<LineResult> {
  const lines = isByteStream(input) ? byteLines(asBytes(input)) : (input as AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>);
  if (options.engine === undefined && options.conversations) return yield* rulesConversations(lines, options);
  if (options.engine === undefined) {
    // The rules label synchronously: nothing here awaits but the input.
    const results: LineResult[] = [];
    const reader = new RulesLineReader(options, (result) => results.push(result));
    for await (const item of lines) {
      const loading = reader.read(item);
      if (loading) await loading;
      for (const result of results) yield result;
      results.length = 0;
    }
    return;
  }
  yield* mapOrdered(engineSteps(lines, options, options.engine), options.engine.concurrency, async (step) => (typeof step === 'function' ? step() : step));
}

/** A stream of chunks that do not end at line ends: a byte-mode Node stream or a web stream. */
function isByteStream(input: JsonlInput): input is ReadableStream<string | Uint8Array> | (AsyncIterable<string | Uint8Array> & { readableObjectMode: false }) {
  if (typeof input !== 'object' || input === null) return false;
  if (typeof (input as ReadableStream).getReader === 'function') return true;
  return typeof (input as { pipe?: unknown }).pipe === 'function' && (input as { readableObjectMode?: unknown }).readableObjectMode === false;
}

/** A stream's chunks as bytes: a stream with an encoding set gives strings, cut anywhere. */
async function* asBytes(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** Lines `RulesLineReader.readAll` parses before it labels them. */
const PARSE_GROUP = 32;

/**
 * The offline rules over lines as they are read, without an await per line: each line's results
 * go to `emit` before `read` returns, in input order. For a caller that reads a chunk of lines at
 * a time and writes once per chunk (`felicity check`); `checkJsonl` yields the same results.
 * `read` and `readAll` return a promise only in `felicity check`, at the first record carrying a
 * deployment object (inline-deployments.ts), and inside a conversation while `outputFull` says
 * the output is over its limit (a conversation line can hold thousands of turns): the caller
 * awaits it before reading on.
 */
export class RulesLineReader {
  private line: number;
  /** Lines parsed and not yet labelled, in `readAll`. */
  private readonly group = new Array<ReturnType<typeof readLine>>(PARSE_GROUP);

  /** The options each adapted record is labelled with: it is in the turn record's format by then. */
  private readonly options: Omit<JsonlOptions, 'engine'>;
  private readonly inputFormat: InputFormatChoice;

  /**
   * @param firstLine the number of the first line read (a worker labels a block from the middle of a file).
   * @param outputFull a promise to wait on while what `emit` writes to is over its limit, else undefined.
   */
  constructor(
    options: Omit<JsonlOptions, 'engine'>,
    private readonly emit: (result: LineResult) => void,
    firstLine = 1,
    private readonly outputFull?: () => Promise<void> | undefined,
  ) {
    this.line = firstLine - 1;
    this.inputFormat = options.inputFormat ?? 'auto';
    this.options = { ...options, inputFormat: 'openai' };
  }

  /** The next line; its results go to `emit` before this returns (or before the promise settles). */
  read(item: string | Uint8Array): Promise<void> | undefined {
    if (this.options.conversations) {
      const streamed = streamedConversation(this.line + 1, item, this.inputFormat, this.options);
      if (streamed === LOAD_DEPLOYMENTS) return loadInlineDeployments().then(() => this.read(item));
      if (streamed !== undefined) {
        this.line++;
        return this.emitTurns(streamed[Symbol.iterator]());
      }
    }
    const read = readLine(item, this.line + 1);
    if (read !== undefined && 'record' in read && needsInlineDeployments(read.record)) return loadInlineDeployments().then(() => this.read(item));
    this.label(++this.line, read);
    return undefined;
  }

  /** A conversation's results as its turns are labelled, each written before the next is labelled, waiting while the output is full. */
  private emitTurns(results: Iterator<LineResult>): Promise<void> | undefined {
    for (let next = results.next(); next.done !== true; next = results.next()) {
      this.emit(next.value);
      const full = this.outputFull?.();
      if (full) return full.then(() => this.emitTurns(results));
    }
    return undefined;
  }

  /**
   * The next lines, as `read` would take them one by one, but parsed a group at a time and then
   * labelled: on the bench file that was a few percent faster than alternating (5 of 6 paired
   * runs), since JSON.parse and the rules each stay warm through a group.
   */
  readAll(items: readonly (string | Uint8Array)[]): Promise<void> | undefined {
    return this.readFrom(items, 0);
  }

  private readFrom(items: readonly (string | Uint8Array)[], from: number): Promise<void> | undefined {
    // A conversation is labelled as its line is read: its line may be a whole log.
    if (this.options.conversations) {
      for (let i = from; i < items.length; i++) {
        const loading = this.read(items[i]!);
        if (loading) return loading.then(() => this.readFrom(items, i + 1));
      }
      return undefined;
    }
    const reads = this.group;
    for (let start = from; start < items.length; start += reads.length) {
      const size = Math.min(reads.length, items.length - start);
      const first = this.line + 1;
      let parsed = 0;
      for (; parsed < size; parsed++) {
        const read = readLine(items[start + parsed]!, this.line + 1);
        // The lines before it are labelled first, then it is parsed again once the schema is in.
        if (read !== undefined && 'record' in read && needsInlineDeployments(read.record)) break;
        this.line++;
        reads[parsed] = read;
      }
      for (let i = 0; i < parsed; i++) {
        const read = reads[i];
        reads[i] = undefined;
        this.label(first + i, read);
      }
      if (parsed < size) return loadInlineDeployments().then(() => this.readFrom(items, start + parsed));
    }
    return undefined;
  }

  private label(at: number, read: ReturnType<typeof readLine>): void {
    if (read === undefined) return;
    if (!('record' in read)) return this.emit(read);
    const adapted = adaptLine(at, read.record, this.inputFormat);
    if (!('record' in adapted)) return this.emit(adapted);
    if (!this.options.conversations) return this.emit(withNotes(rulesLabel(at, adapted.record, this.options), adapted.notes));
    for (const result of conversationResults(at, adapted.record, adapted.notes, this.options)) this.emit(result);
  }
}

/** A conversation line's results, each turn's made when it is asked for (its notes on the first). */
function* conversationResults(at: number, record: unknown, notes: InputNotes | undefined, options: CheckOptions & { explain?: boolean }): Generator<LineResult> {
  let parts: ReturnType<typeof conversationParts>;
  try {
    parts = conversationParts(record);
  } catch (error) {
    yield withNotes(notLabelled(at, undefined, error), notes);
    return;
  }
  for (const done of labelConversationTurns(parts.id, parts.messages, parts.rest, options)) {
    yield withNotes(turnResult(at, done, parts.id, options), notes);
    notes = undefined;
  }
}

const LOAD_DEPLOYMENTS = Symbol('load inline deployments');

/**
 * A conversation line's results when it can be read piece by piece and labelled as its messages
 * are read (conversation-line.ts, `labelStreamedTurns`): exactly the results of reading it whole.
 * Undefined when it cannot (it is read whole then); LOAD_DEPLOYMENTS when it carries a deployment
 * object and the schema is not loaded yet.
 */
function streamedConversation(at: number, item: string | Uint8Array, inputFormat: InputFormatChoice, options: CheckOptions & { explain?: boolean }): Iterable<LineResult> | typeof LOAD_DEPLOYMENTS | undefined {
  if (inputFormat !== 'auto' && inputFormat !== 'openai') return undefined;
  const read = readConversationLine(item, at);
  if (read === undefined) return undefined;
  if (needsInlineDeployments(read.record)) return LOAD_DEPLOYMENTS;
  const { id, ...rest } = read.record;
  if ((typeof id !== 'string' && typeof id !== 'number') || (typeof id === 'number' && !isExactId(id))) return undefined;
  const turns = labelStreamedTurns(String(id), rest, read.messages, options);
  if (turns === undefined) return undefined;
  return (function* () {
    for (const done of turns) yield turnResult(at, done, String(id), options);
  })();
}

/**
 * Conversations under the rules, for `checkJsonl`: each turn's result is yielded as soon as it is
 * labelled, so a caller holds one turn's result (and its explanation) at a time, not a whole
 * conversation's.
 */
async function* rulesConversations(lines: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, given: JsonlOptions): AsyncGenerator<LineResult> {
  const inputFormat = given.inputFormat ?? 'auto';
  const options = { ...given, inputFormat: 'openai' as const };
  let at = 0;
  for await (const item of lines) {
    const line = ++at;
    let streamed = streamedConversation(line, item, inputFormat, options);
    if (streamed === LOAD_DEPLOYMENTS) {
      await loadInlineDeployments();
      streamed = streamedConversation(line, item, inputFormat, options);
    }
    if (streamed !== undefined && streamed !== LOAD_DEPLOYMENTS) {
      yield* streamed;
      continue;
    }
    let read = readLine(item, line);
    if (read !== undefined && 'record' in read && needsInlineDeployments(read.record)) {
      await loadInlineDeployments();
      read = readLine(item, line);
    }
    if (read === undefined) continue;
    if (!('record' in read)) {
      yield read;
      continue;
    }
    const adapted = adaptLine(line, read.record, inputFormat);
    if (!('record' in adapted)) yield adapted;
    else yield* conversationResults(line, adapted.record, adapted.notes, options);
  }
}

type Step = LineResult | (() => Promise<LineResult>);

/** Each line's results, or (for a turn the engine labels) functions that label it, so labelling can overlap. */
async function* engineSteps(lines: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, given: JsonlOptions, engine: CheckEngine): AsyncGenerator<Step> {
  let at = 0;
  const inputFormat = given.inputFormat ?? 'auto';
  const options: JsonlOptions = { ...given, inputFormat: 'openai' };
  // No reply is known before a model is asked; the language only after the hybrid engine's rules
  // found no cue (as the rules alone): a judge model (`llm`) reads any language.
  const gate = { language: false };
  for await (const item of lines) {
    const line = ++at;
    const read = readLine(item, line);
    if (read === undefined) continue;
    if (!('record' in read)) {
      yield read;
      continue;
    }
    const adapted = adaptLine(line, read.record, inputFormat);
    if (!('record' in adapted)) {
      yield adapted;
      continue;
    }
    let notes = adapted.notes;
    if (!options.conversations) {
      const skipped = unjudgeable(line, adapted.record, gate);
      yield skipped ? withNotes(skipped, notes) : stepWithNotes(engineLabel(engine, line, adapted.record, options), notes);
      continue;
    }
    const split = splitConversation(line, adapted.record);
    if (!('turns' in split)) {
      yield withNotes(split, notes);
      continue;
    }
    for (const { turn, record } of split.turns) {
      const skipped = unjudgeable(line, record, gate, split.id, turn);
      yield skipped ? withNotes(skipped, notes) : stepWithNotes(engineLabel(engine, line, record, options, split.id, turn), notes);
      notes = undefined;
    }
  }
}

/** What one line holds: a record to label, a problem or errored response to report, or nothing (a blank line). */
function readLine(item: string | Uint8Array, line: number): LineResult | { record: unknown } | undefined {
  let raw: string;
  try {
    raw = typeof item === 'string' ? item : utf8.decode(item);
  } catch {
    return { line, problem: { field: '(line)', message: 'not valid UTF-8 (save the file as UTF-8)' } };
  }
  // Files saved by some editors start with a byte-order mark; it is not part of the JSON.
  const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  // The same test as text.trim() === '' (\s is trim's set), without copying the line.
  if (!NOT_BLANK.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, problem: { field: '(line)', message: `not valid JSON: ${(error as Error).message}` } };
  }
  const record = withIdAsWritten(withDefaultId(value, line), text);
  const failed = modelCallError(record);
  if (failed !== undefined) return { line, errored: { id: String((record as { id?: unknown }).id), error: failed } };
  return { record };
}

const NOT_BLANK = /\S/;

function rulesLabel(at: number, record: unknown, options: CheckOptions & { explain?: boolean }, conversation?: string, turn?: number): LineResult {
  try {
    if (options.explain) {
      const { label, explanation } = checkWithExplanation(record, options);
      return (foundNoCue(label) && afterLabel(at, record, conversation, turn)) || { line: at, label: ofTurn(label, conversation, turn), explanation };
    }
    const { label, explain } = checkExplainLater(record, options);
    return (foundNoCue(label) && afterLabel(at, record, conversation, turn)) || new LazilyExplained(at, ofTurn(label, conversation, turn), explain);
  } catch (error) {
    return notLabelled(at, undefined, error);
  }
}

/** A conversation's turn, labelled in its one pass (conversation-labels.ts), as a line's result. */
function turnResult(at: number, done: LabelledTurn, conversation: string, options: { explain?: boolean }): LineResult {
  if ('error' in done) return notLabelled(at, undefined, done.error);
  const { label, explain } = done.labelled;
  const noCue = foundNoCue(label) && afterLabel(at, done.record, conversation, done.turn);
  if (noCue) return noCue;
  return options.explain ? { line: at, label: withTurn(label, conversation, done.turn), explanation: explain() } : new LazilyExplained(at, withTurn(label, conversation, done.turn), explain);
}

/** A label as a conversation's turn carries it (with `conversation` and `turn`), or as it is for a single-turn record. */
function ofTurn(label: LabelRecord, conversation: string | undefined, turn: number | undefined): LabelRecord {
  return conversation === undefined ? label : withTurn(label, conversation, turn!);
}

function engineLabel(engine: CheckEngine, at: number, record: unknown, options: CheckOptions, conversation?: string, turn?: number): () => Promise<LineResult> {
  const readsEnglishOnly = engine.kind !== 'llm';
  return () =>
    engine.label(record, options).then(
      ({ label, explanation }) => (readsEnglishOnly && foundNoCue(label) && afterLabel(at, record, conversation, turn)) || { line: at, label: ofTurn(label, conversation, turn), explanation },
      (error: unknown) => notLabelled(at, record, error),
    );
}

/**
 * A label whose explanation is worked out from the same labelling when first read. A class, not
 * an object literal with a getter: Node 20 builds each of those as a slow dictionary object
 * (about 1 µs apiece), and on the bench file they doubled the process's GC time.
 */
class LazilyExplained {
  readonly #explain: () => Explanation;
  #explained: Explanation | undefined;

  constructor(
    readonly line: number,
    readonly label: LabelRecord,
    explain: () => Explanation,
  ) {
    this.#explain = explain;
  }

  get explanation(): Explanation {
    return (this.#explained ??= this.#explain());
  }
}

/** A conversation line's turns, all under the line's number, or the problem that keeps it from being split. */
function splitConversation(at: number, record: unknown): ReturnType<typeof conversationTurns> | LineResult {
  try {
    return conversationTurns(record);
  } catch (error) {
    return notLabelled(at, undefined, error);
  }
}

function notLabelled(line: number, record: unknown, error: unknown): LineResult {
  if (JudgmentFailedError.isInstance(error)) return { line, failed: { id: String((record as { id?: unknown }).id), message: error.message } };
  if (!CheckInputError.isInstance(error)) throw error;
  return { line, problem: { field: error.field, message: error.message.slice(error.field.length + 2) } };
}

/**
 * A record without an id is labelled under its line number, so output can still be joined back.
 * The value was just parsed from the line and is no one else's, so the id is set on it rather
 * than on a copy (a spread with a new key costs microseconds per record).
 */
function withDefaultId(value: unknown, line: number): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && (value as { id?: unknown }).id === undefined) {
    (value as { id?: unknown }).id = `line-${line}`;
  }
  return value;
}

/** A top-level integer id JSON.parse rounded (past 2^53 − 1) is read again from its digits, set on the record as withDefaultId sets one. */
function withIdAsWritten(value: unknown, text: string): unknown {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  if (typeof id === 'number' && !isExactId(id)) {
    const digits = integerIdAsWritten(text);
    if (digits !== undefined) (value as { id?: unknown }).id = digits;
  }
  return value;
}

/** An OutcomeTally's counts as plain data. */
export interface TallySnapshot {
  counts: [Outcome, number][];
  labelled: number;
  problems: number;
  errored: number;
  truncated: number;
  judgmentsFailed: number;
  /** Turns not labelled, by reason (unjudgeable.ts); absent when none. */
  notLabelled?: [NotLabelledReason, number][];
}

/** Outcome counts and the failure rate over the labelled turns. */
export class OutcomeTally {
  readonly counts = new Map<Outcome, number>(OUTCOMES.map((o) => [o, 0]));
  labelled = 0;
  problems = 0;
  /** Responses whose model call failed: in no rate, only counted. */
  errored = 0;
  /** Labels of replies longer than the checker reads (`truncated: true`). */
  truncated = 0;
  /** Turns a model engine could not label (a judgment stayed invalid). */
  judgmentsFailed = 0;
  /** Turns the rules cannot judge, by reason: in no rate, only counted. */
  readonly notLabelled = new Map<NotLabelledReason, number>(NOT_LABELLED_REASONS.map((r) => [r, 0]));

  add(result: LineResult): void {
    if ('problem' in result) {
      this.problems++;
      return;
    }
    if ('errored' in result) {
      this.errored++;
      return;
    }
    if ('failed' in result) {
      this.judgmentsFailed++;
      return;
    }
    if ('notLabelled' in result) {
      const reason = result.notLabelled.not_labelled;
      this.notLabelled.set(reason, (this.notLabelled.get(reason) ?? 0) + 1);
      return;
    }
    this.labelled++;
    if (result.label.truncated) this.truncated++;
    this.counts.set(result.label.outcome, (this.counts.get(result.label.outcome) ?? 0) + 1);
  }

  /** The counts as plain data, to send between threads. */
  snapshot(): TallySnapshot {
    return { counts: [...this.counts], labelled: this.labelled, problems: this.problems, errored: this.errored, truncated: this.truncated, judgmentsFailed: this.judgmentsFailed, notLabelled: [...this.notLabelled] };
  }

  /** Adds the counts of another tally (a worker thread's share of the input). */
  merge(other: TallySnapshot): void {
    for (const [outcome, n] of other.counts) this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + n);
    this.labelled += other.labelled;
    this.problems += other.problems;
    this.errored += other.errored;
    this.truncated += other.truncated;
    this.judgmentsFailed += other.judgmentsFailed;
    for (const [reason, n] of other.notLabelled ?? []) this.notLabelled.set(reason, (this.notLabelled.get(reason) ?? 0) + n);
  }

  /** Turns not labelled because the rules cannot judge them (no reply, not English). */
  get unjudgeable(): number {
    let n = 0;
    for (const count of this.notLabelled.values()) n += count;
    return n;
  }

  get failures(): number {
    return [...this.counts].filter(([o]) => FAILURE_OUTCOMES.has(o)).reduce((sum, [, n]) => sum + n, 0);
  }

  format(): string {
    const rate = this.labelled === 0 ? 'n/a' : `${((100 * this.failures) / this.labelled).toFixed(1)}%`;
    const counts = [...this.counts].filter(([, n]) => n > 0).map(([o, n]) => `${o} ${n}`).join(', ');
    const problems = this.problems > 0 ? `; ${this.problems} bad line${this.problems === 1 ? '' : 's'} skipped` : '';
    const errored = this.errored > 0 ? `; ${erroredNote(this.errored)}` : '';
    const truncated = this.truncated > 0 ? `; ${this.truncated} read only in part (truncated)` : '';
    const failed = this.judgmentsFailed > 0 ? `; ${this.judgmentsFailed} not labelled (a model judgment failed)` : '';
    return `${this.labelled} turn${this.labelled === 1 ? '' : 's'} labelled${counts ? `: ${counts}` : ''}; failure rate ${rate} (${this.failures})${truncated}${errored}${failed}${this.unjudgeableNote()}${problems}`;
  }

  private unjudgeableNote(): string {
    const noReply = this.notLabelled.get('no_reply') ?? 0;
    const language = this.notLabelled.get('language') ?? 0;
    const parts: string[] = [];
    if (noReply > 0) parts.push(`${noReply} with no reply`);
    if (language > 0) parts.push(`${language} not in English (the rules read English only)`);
    return parts.length === 0 ? '' : `; ${this.unjudgeable} not labelled and in no rate: ${parts.join(', ')}`;
  }
}

/** Why a label carries `truncated: true`, for a warning on stderr. */
export function truncationWarning(): string {
  return `the reply is longer than ${MAX_REPLY_CHARS.toLocaleString('en-US')} characters: only that much was read, the rest was not checked (label marked truncated)`;
}

/** The same words in `check` and `judge`: errored responses are counted, never labelled or rated. */
export function erroredNote(n: number): string {
  return `${n} errored response${n === 1 ? '' : 's'} not labelled (the model call failed)`;
}
