/**
 * OpenAI Responses replies: reading a response's `output` (message items' `output_text` and
 * `refusal` parts, `function_call` items) and its event stream (`response.output_text.delta`,
 * function-call items and their argument deltas, `response.completed`), and writing a response
 * or an event stream for a reply the guard replaced: its text as one message item, or its calls
 * as `function_call` items, with the verdict in a `felicity` field.
 */
import type { ToolCall } from '../core/types.ts';
import type { Usage } from '../llm/chat-model.ts';
import type { EventAssembly, ReplyRead, TurnRequest } from './dialect.ts';
import type { Decision } from './policies.ts';
import type { SseEvent } from './sse.ts';
import type { Verdict } from './verdict.ts';

type Item = Record<string, unknown>;

/** The text and calls of a response's output; undefined when the body is not a response. */
export function readResponse(parsed: unknown): ReplyRead | undefined {
  const output = (parsed as { output?: unknown } | null)?.output;
  if (!Array.isArray(output)) return undefined;
  return readOutput(output);
}

function readOutput(output: readonly unknown[]): ReplyRead {
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const item of output) {
    const it = item as Item | null;
    if (it?.['type'] === 'message' && Array.isArray(it['content'])) {
      for (const part of it['content'] as Item[]) {
        if (typeof part?.['text'] === 'string') texts.push(part['text']);
        else if (typeof part?.['refusal'] === 'string') texts.push(part['refusal']);
      }
    } else if (it?.['type'] === 'function_call' && typeof it['name'] === 'string') {
      toolCalls.push({ id: String(it['call_id'] ?? it['id'] ?? ''), type: 'function', function: { name: it['name'], arguments: typeof it['arguments'] === 'string' ? it['arguments'] : '' } });
    }
  }
  return { text: texts.length === 0 ? null : texts.join(''), toolCalls };
}

/** The items that carry the reply (its words and calls); the rest (reasoning, hosted tools) is kept when a reply is replaced. */
const isReplyItem = (item: unknown): boolean => {
  const type = (item as Item | null)?.['type'];
  return type === 'message' || type === 'function_call';
};

let counter = 0;
const itemId = (prefix: string, requestId: string) => `${prefix}_felicity_${requestId.replaceAll('-', '')}${(counter++).toString(36)}`;

/** The output items of the guard's reply. */
function replyItems(decision: Decision): Item[] {
  const id = decision.verdict.request_id;
  if (decision.kind === 'text') return [textItem(decision.text, id)];
  if (decision.kind === 'tool_calls') return decision.calls.map((call) => ({ type: 'function_call', id: itemId('fc', id), call_id: call.id, name: call.function.name, arguments: call.function.arguments, status: 'completed' }));
  return [];
}

function textItem(text: string, requestId: string): Item {
  return { type: 'message', id: itemId('msg', requestId), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
}

/** Responses usage (input/output/total tokens) with the guard's own calls added. */
export function responsesUsage(upstream: unknown, guard: Usage | undefined): unknown {
  if (guard === undefined) return upstream;
  const base = upstream !== null && typeof upstream === 'object' ? (upstream as Record<string, unknown>) : {};
  const add = (key: string, value: number) => (typeof base[key] === 'number' ? (base[key] as number) : 0) + value;
  return { ...base, input_tokens: add('input_tokens', guard.prompt_tokens), output_tokens: add('output_tokens', guard.completion_tokens), total_tokens: add('total_tokens', guard.total_tokens) };
}

/** The response with the guard's reply in place of the upstream's, and the verdict. */
export function responseWith(parsed: Record<string, unknown>, decision: Decision): Record<string, unknown> {
  const usage = responsesUsage(parsed['usage'], decision.verdict.usage);
  const changed = decision.kind !== 'pass';
  const output = Array.isArray(parsed['output']) ? (parsed['output'] as unknown[]) : [];
  return {
    ...parsed,
    ...(changed ? { output: [...output.filter((item) => !isReplyItem(item)), ...replyItems(decision)], status: 'completed', incomplete_details: null } : {}),
    ...(usage === undefined ? {} : { usage }),
    felicity: decision.verdict,
  };
}

export function responsesReplyBody(parsed: Record<string, unknown>, decision: Decision): string {
  return JSON.stringify(responseWith(parsed, decision));
}

/** A response of the guard's own, when the upstream's could not be read. */
export function blockedResponse(request: TurnRequest, text: string, verdict: Verdict): Record<string, unknown> {
  return {
    id: `resp_felicity_${verdict.request_id.replaceAll('-', '')}`, object: 'response', created_at: Math.floor(Date.now() / 1000), status: 'completed',
    model: request.model ?? 'unknown', output: [textItem(text, verdict.request_id)], usage: null, error: null, incomplete_details: null, felicity: verdict,
  };
}

export function blockedResponseStream(request: TurnRequest, text: string, verdict: Verdict): string {
  const response = blockedResponse(request, text, verdict);
  return responseEvents(response, response['output'] as Item[]);
}

/** A streamed response put back together. `response.completed` is authoritative; deltas stand in when it never came. */
export class ResponsesAssembly implements EventAssembly {
  #readable = false;
  #response: Item | undefined;
  #completed: ReplyRead | undefined;
  readonly #text = new Map<number, string>();
  readonly #calls = new Map<number, ToolCall>();

  get readable(): boolean {
    return this.#readable;
  }

  /** The response object last seen (created, then completed), for the guard's own events. */
  get response(): Item | undefined {
    return this.#response;
  }

  add(event: SseEvent): void {
    if (event.data === null) return;
    let data: Item;
    try {
      data = JSON.parse(event.data) as Item;
    } catch {
      return;
    }
    if (data === null || typeof data !== 'object' || typeof data['type'] !== 'string' || !data['type'].startsWith('response.')) return;
    this.#readable = true;
    const index = typeof data['output_index'] === 'number' ? data['output_index'] : 0;
    const response = data['response'] as Item | undefined;
    if (response !== null && typeof response === 'object') this.#response = response;
    switch (data['type']) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (typeof data['delta'] === 'string') this.#text.set(index, (this.#text.get(index) ?? '') + data['delta']);
        return;
      case 'response.output_item.added':
      case 'response.output_item.done': {
        const item = data['item'] as Item | undefined;
        if (item?.['type'] !== 'function_call' || typeof item['name'] !== 'string') return;
        const call = this.#calls.get(index) ?? { id: '', type: 'function' as const, function: { name: item['name'], arguments: '' } };
        call.id = String(item['call_id'] ?? item['id'] ?? call.id);
        if (typeof item['arguments'] === 'string' && (data['type'] === 'response.output_item.done' || item['arguments'] !== '')) call.function.arguments = item['arguments'];
        this.#calls.set(index, call);
        return;
      }
      case 'response.function_call_arguments.delta': {
        const call = this.#calls.get(index);
        if (call !== undefined && typeof data['delta'] === 'string') call.function.arguments += data['delta'];
        return;
      }
      case 'response.completed':
        if (Array.isArray(response?.['output'])) this.#completed = readOutput(response['output'] as unknown[]);
        return;
    }
  }

  get text(): string | null {
    if (this.#completed !== undefined) return this.#completed.text;
    if (this.#text.size === 0) return null;
    return [...this.#text.entries()].sort(([a], [b]) => a - b).map(([, text]) => text).join('');
  }

  get toolCalls(): ToolCall[] {
    if (this.#completed !== undefined) return this.#completed.toolCalls;
    return [...this.#calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  }
}

/** The events of the guard's reply: created, each item with its deltas, completed (with the verdict). */
export function responsesStreamBody(decision: Decision, assembly: ResponsesAssembly): string {
  const base = assembly.response ?? { id: `resp_felicity_${decision.verdict.request_id.replaceAll('-', '')}`, object: 'response', created_at: Math.floor(Date.now() / 1000), model: 'unknown' };
  const items = replyItems(decision);
  const kept = Array.isArray(base['output']) ? (base['output'] as unknown[]).filter((item) => !isReplyItem(item)) : [];
  const final = { ...base, status: 'completed', incomplete_details: null, output: [...kept, ...items], usage: responsesUsage(base['usage'] ?? null, decision.verdict.usage), felicity: decision.verdict };
  return responseEvents(final, items, kept.length);
}

/** Well-formed Responses events for `final`, streaming `items` (after `offset` kept items). */
function responseEvents(final: Item, items: readonly Item[], offset = 0): string {
  let sequence = 0;
  let out = '';
  const emit = (type: string, fields: Item) => {
    out += `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`;
  };
  const { felicity: _verdict, ...started } = final;
  const opening = { ...started, status: 'in_progress', output: [], usage: null };
  emit('response.created', { response: opening });
  emit('response.in_progress', { response: opening });
  items.forEach((item, at) => {
    const output_index = offset + at;
    if (item['type'] === 'message') {
      const text = ((item['content'] as Item[])[0]!['text'] as string) ?? '';
      const part = { type: 'output_text', text: '', annotations: [] };
      emit('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
      emit('response.content_part.added', { item_id: item['id'], output_index, content_index: 0, part });
      emit('response.output_text.delta', { item_id: item['id'], output_index, content_index: 0, delta: text, logprobs: [] });
      emit('response.output_text.done', { item_id: item['id'], output_index, content_index: 0, text, logprobs: [] });
      emit('response.content_part.done', { item_id: item['id'], output_index, content_index: 0, part: { ...part, text } });
    } else {
      const args = item['arguments'] as string;
      emit('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
      emit('response.function_call_arguments.delta', { item_id: item['id'], output_index, delta: args });
      emit('response.function_call_arguments.done', { item_id: item['id'], output_index, arguments: args });
    }
    emit('response.output_item.done', { output_index, item });
  });
  emit('response.completed', { response: final });
  return out;
}
