/**
 * Server-sent events of a streamed chat completion: splitting the upstream bytes into events
 * (kept raw, so a reply that passes is re-emitted byte for byte), reassembling the text and the
 * tool-call deltas, and writing well-formed chunks for a reply the guard replaced.
 */
import type { ToolCall } from '../core/types.ts';

export interface SseEvent {
  /** The event as received, with its terminating blank line. */
  raw: string;
  /** The joined `data:` lines; null for a comment-only event. */
  data: string | null;
}

/** Splits text into events at blank lines (LF or CRLF); the rest waits for more text. */
export class SseSplitter {
  #buffer = '';
  #started = false;

  push(text: string): SseEvent[] {
    this.#buffer += text;
    // A byte-order mark before the first field is not part of it (clients skip it too).
    if (!this.#started && this.#buffer !== '') {
      this.#started = true;
      if (this.#buffer.charCodeAt(0) === 0xfeff) this.#buffer = this.#buffer.slice(1);
    }
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r?\n\r?\n/.exec(this.#buffer);
      if (match === null) break;
      const end = match.index + match[0].length;
      const raw = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end);
      events.push({ raw, data: dataOf(raw) });
    }
    return events;
  }

  /** What is left after the stream ended (an unterminated last event), raw. */
  rest(): string {
    const rest = this.#buffer;
    this.#buffer = '';
    return rest;
  }
}

function dataOf(raw: string): string | null {
  const lines = raw.split(/\r?\n/).filter((line) => line.startsWith('data:'));
  if (lines.length === 0) return null;
  return lines.map((line) => line.slice(line.startsWith('data: ') ? 6 : 5)).join('\n');
}

/** The identity of a stream's chunks, reused when the guard writes its own. */
export interface ChunkMeta {
  id: string;
  created: number;
  model: string;
}

/** The completion a stream adds up to: its text, its tool calls (by index), its usage. */
export class StreamAssembly {
  text = '';
  meta: ChunkMeta = { id: 'chatcmpl-felicity', created: Math.floor(Date.now() / 1000), model: 'unknown' };
  finishReason: string | null = null;
  usage: unknown = undefined;
  done = false;
  /** How many events were chat chunks: none means the guard could not read the stream. */
  chunks = 0;
  readonly #calls = new Map<number, ToolCall>();
  #sawMeta = false;

  /** Reads one event's data; anything not a chunk is ignored (it still passes through raw). */
  add(data: string): void {
    if (data.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    let chunk: { id?: unknown; created?: unknown; model?: unknown; choices?: unknown; usage?: unknown };
    try {
      chunk = JSON.parse(data);
    } catch {
      return;
    }
    if (chunk === null || typeof chunk !== 'object' || !Array.isArray(chunk.choices)) return;
    this.chunks++;
    if (!this.#sawMeta && typeof chunk.id === 'string') {
      this.#sawMeta = true;
      this.meta = { id: chunk.id, created: typeof chunk.created === 'number' ? chunk.created : this.meta.created, model: typeof chunk.model === 'string' ? chunk.model : this.meta.model };
    }
    if (chunk.usage !== undefined && chunk.usage !== null) this.usage = chunk.usage;
    const choice = Array.isArray(chunk.choices) ? (chunk.choices[0] as { delta?: Record<string, unknown>; finish_reason?: unknown } | undefined) : undefined;
    if (choice === undefined || choice === null) return;
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (delta === undefined || delta === null) return;
    if (typeof delta['content'] === 'string') this.text += delta['content'];
    else if (Array.isArray(delta['content'])) this.text += partsText(delta['content']);
    // A refusal is words the user reads like any others.
    if (typeof delta['refusal'] === 'string') this.text += delta['refusal'];
    if (Array.isArray(delta['tool_calls'])) for (const part of delta['tool_calls']) this.#addCall(part);
  }

  #addCall(part: unknown): void {
    if (part === null || typeof part !== 'object') return;
    const p = part as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    const index = typeof p.index === 'number' ? p.index : this.#calls.size;
    const call = this.#calls.get(index) ?? { id: '', type: 'function' as const, function: { name: '', arguments: '' } };
    if (typeof p.id === 'string') call.id = p.id;
    if (typeof p.function?.name === 'string') call.function.name += p.function.name;
    if (typeof p.function?.arguments === 'string') call.function.arguments += p.function.arguments;
    this.#calls.set(index, call);
  }

  get toolCalls(): ToolCall[] {
    return [...this.#calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  }
}

/** The text of a content given as parts (`[{type: 'text', text}]`), as clients join it. */
export function partsText(parts: readonly unknown[]): string {
  let text = '';
  for (const part of parts) {
    const value = (part as { text?: unknown } | null)?.text;
    if (typeof value === 'string') text += value;
  }
  return text;
}

const event = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
const chunk = (meta: ChunkMeta, delta: Record<string, unknown>, finish: string | null) => ({
  id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [{ index: 0, delta, finish_reason: finish }],
});

/** A whole reply as chunks: the role and text, the finish, the usage when the upstream sent one, [DONE]. */
export function textEvents(meta: ChunkMeta, text: string, usage: unknown): string {
  let out = event(chunk(meta, { role: 'assistant', content: text }, null)) + event(chunk(meta, {}, 'stop'));
  if (usage !== undefined) out += event({ id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [], usage });
  return out;
}

/** Tool calls as chunks, one delta per call with its whole arguments, finished as `tool_calls`. */
export function toolCallEvents(meta: ChunkMeta, calls: readonly ToolCall[], usage: unknown): string {
  const deltas = calls.map((call, index) => ({ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } }));
  let out = event(chunk(meta, { role: 'assistant', content: null, tool_calls: deltas }, null)) + event(chunk(meta, {}, 'tool_calls'));
  if (usage !== undefined) out += event({ id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [], usage });
  return out;
}

export const DONE_EVENT = 'data: [DONE]\n\n';

/** The verdict as an SSE comment line, which clients ignore and a reader of the raw stream can parse. */
export function verdictComment(verdict: unknown): string {
  return `: felicity ${JSON.stringify(verdict).replace(/[\r\n\u2028\u2029]/g, ' ')}\n\n`;
}
