/**
 * Anthropic Messages replies: reading a message's `content` blocks (text, `tool_use`) and its event
 * stream (`content_block_start`, `content_block_delta` with text and `input_json_delta`,
 * `message_stop`), and writing a message or an event stream for a reply the guard replaced: its
 * text as one text block, or its calls as `tool_use` blocks, with the verdict in a `felicity` field.
 */
import type { ToolCall } from '../core/types.ts';
import type { Usage } from '../llm/chat-model.ts';
import type { EventAssembly, ReplyRead, TurnRequest } from './dialect.ts';
import type { Decision } from './policies.ts';
import type { SseEvent } from './sse.ts';
import type { Verdict } from './verdict.ts';

type Block = Record<string, unknown>;

/** The text and calls of a message; undefined when the body is not a message. */
export function readMessage(parsed: unknown): ReplyRead | undefined {
  const message = parsed as { type?: unknown; content?: unknown } | null;
  if (message === null || typeof message !== 'object' || !Array.isArray(message.content)) return undefined;
  return readBlocks(message.content as (Block | null)[]);
}

function readBlocks(blocks: readonly (Block | null | undefined)[]): ReplyRead {
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (block?.['type'] === 'text' && typeof block['text'] === 'string') texts.push(block['text']);
    else if (block?.['type'] === 'tool_use' && typeof block['name'] === 'string') toolCalls.push({ id: String(block['id'] ?? ''), type: 'function', function: { name: block['name'], arguments: JSON.stringify(block['input'] ?? {}) } });
  }
  return { text: texts.length === 0 ? null : texts.join(''), toolCalls };
}

/** Messages usage (input/output tokens) with the guard's own calls added. */
export function messagesUsage(upstream: unknown, guard: Usage | undefined): unknown {
  if (guard === undefined) return upstream;
  const base = upstream !== null && typeof upstream === 'object' ? (upstream as Record<string, unknown>) : {};
  const add = (key: string, value: number) => (typeof base[key] === 'number' ? (base[key] as number) : 0) + value;
  return { ...base, input_tokens: add('input_tokens', guard.prompt_tokens), output_tokens: add('output_tokens', guard.completion_tokens) };
}

/** The content blocks of the guard's reply. */
function replyBlocks(decision: Decision): Block[] {
  if (decision.kind === 'text') return [{ type: 'text', text: decision.text }];
  if (decision.kind === 'tool_calls') return decision.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.function.name, input: inputOf(call.function.arguments) }));
  return [];
}

/** A call's arguments as the object a `tool_use` block holds (arguments that are not an object are kept as a string under `arguments`). */
function inputOf(args: string): unknown {
  try {
    const value: unknown = JSON.parse(args === '' ? '{}' : args);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { arguments: args };
  } catch {
    return { arguments: args };
  }
}

const isReplyBlock = (block: unknown): boolean => {
  const type = (block as Block | null)?.['type'];
  return type === 'text' || type === 'tool_use';
};

export function messageWith(parsed: Record<string, unknown>, decision: Decision): Record<string, unknown> {
  const usage = messagesUsage(parsed['usage'], decision.verdict.usage);
  const changed = decision.kind !== 'pass';
  const content = Array.isArray(parsed['content']) ? (parsed['content'] as unknown[]) : [];
  return {
    ...parsed,
    ...(changed ? { content: [...content.filter((b) => !isReplyBlock(b)), ...replyBlocks(decision)], stop_reason: decision.kind === 'tool_calls' ? 'tool_use' : 'end_turn', stop_sequence: null } : {}),
    ...(usage === undefined ? {} : { usage }),
    felicity: decision.verdict,
  };
}

export function messagesReplyBody(parsed: Record<string, unknown>, decision: Decision): string {
  return JSON.stringify(messageWith(parsed, decision));
}

export function blockedMessage(request: TurnRequest, text: string, verdict: Verdict): Record<string, unknown> {
  return {
    id: `msg_felicity_${verdict.request_id.replaceAll('-', '')}`, type: 'message', role: 'assistant', model: request.model ?? 'unknown',
    content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 }, felicity: verdict,
  };
}

export function blockedMessageStream(request: TurnRequest, text: string, verdict: Verdict): string {
  return messageEvents(blockedMessage(request, text, verdict));
}

/** A streamed message put back together from its blocks' starts and deltas. */
export class MessagesAssembly implements EventAssembly {
  #readable = false;
  #message: Block | undefined;
  #usage: Record<string, unknown> | undefined;
  readonly #blocks = new Map<number, Block & { partial?: string }>();

  get readable(): boolean {
    return this.#readable;
  }

  /** The message as `message_start` gave it, with the final usage. */
  get message(): Block | undefined {
    return this.#message === undefined ? undefined : { ...this.#message, ...(this.#usage === undefined ? {} : { usage: { ...(this.#message['usage'] as object), ...this.#usage } }) };
  }

  add(event: SseEvent): void {
    if (event.data === null) return;
    let data: Block;
    try {
      data = JSON.parse(event.data) as Block;
    } catch {
      return;
    }
    if (data === null || typeof data !== 'object' || typeof data['type'] !== 'string') return;
    const index = typeof data['index'] === 'number' ? data['index'] : 0;
    switch (data['type']) {
      case 'message_start':
        this.#readable = true;
        if (data['message'] !== null && typeof data['message'] === 'object') this.#message = data['message'] as Block;
        return;
      case 'content_block_start': {
        this.#readable = true;
        const block = data['content_block'] as Block | undefined;
        if (block !== null && typeof block === 'object') this.#blocks.set(index, { ...block });
        return;
      }
      case 'content_block_delta': {
        this.#readable = true;
        const delta = data['delta'] as Block | undefined;
        const block = this.#blocks.get(index) ?? { type: delta?.['type'] === 'input_json_delta' ? 'tool_use' : 'text', text: '' };
        if (delta?.['type'] === 'text_delta' && typeof delta['text'] === 'string') block['text'] = String(block['text'] ?? '') + delta['text'];
        if (delta?.['type'] === 'input_json_delta' && typeof delta['partial_json'] === 'string') block.partial = (block.partial ?? '') + delta['partial_json'];
        this.#blocks.set(index, block);
        return;
      }
      case 'message_delta':
        this.#readable = true;
        if (data['usage'] !== null && typeof data['usage'] === 'object') this.#usage = data['usage'] as Record<string, unknown>;
        return;
      case 'message_stop':
        this.#readable = true;
    }
  }

  #read(): ReplyRead {
    const blocks = [...this.#blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => {
      if (block['type'] !== 'tool_use' || block.partial === undefined) return block;
      const { partial, ...rest } = block;
      return { ...rest, input: inputOf(partial) };
    });
    return readBlocks(blocks);
  }

  get text(): string | null {
    return this.#read().text;
  }

  get toolCalls(): ToolCall[] {
    return this.#read().toolCalls;
  }
}

/** The events of the guard's reply: message_start, each block with its delta, message_delta, message_stop. */
export function messagesStreamBody(decision: Decision, assembly: MessagesAssembly): string {
  const base = assembly.message ?? { id: `msg_felicity_${decision.verdict.request_id.replaceAll('-', '')}`, type: 'message', role: 'assistant', model: 'unknown', usage: { input_tokens: 0, output_tokens: 0 } };
  const final = { ...base, content: replyBlocks(decision), stop_reason: decision.kind === 'tool_calls' ? 'tool_use' : 'end_turn', stop_sequence: null, usage: messagesUsage(base['usage'] ?? null, decision.verdict.usage), felicity: decision.verdict };
  return messageEvents(final);
}

function messageEvents(final: Block): string {
  let out = '';
  const emit = (type: string, fields: Block) => {
    out += `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
  };
  const { felicity, content, stop_reason, stop_sequence: _stop, usage, ...message } = final;
  const outputTokens = (usage as { output_tokens?: unknown } | null)?.output_tokens;
  emit('message_start', { message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage } });
  (content as Block[]).forEach((block, index) => {
    if (block['type'] === 'text') {
      emit('content_block_start', { index, content_block: { type: 'text', text: '' } });
      emit('content_block_delta', { index, delta: { type: 'text_delta', text: block['text'] } });
    } else {
      emit('content_block_start', { index, content_block: { type: 'tool_use', id: block['id'], name: block['name'], input: {} } });
      emit('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block['input']) } });
    }
    emit('content_block_stop', { index });
  });
  emit('message_delta', { delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: typeof outputTokens === 'number' ? outputTokens : 0 }, felicity });
  emit('message_stop', {});
  return out;
}
