/**
 * LangChain messages as they are saved: the serialized form `{lc: 1, type: "constructor", id:
 * [..., "AIMessage"], kwargs: {...}}`, the `messages_to_dict` form `{type: "ai", data: {...}}`,
 * and the plain `{type: "ai", content, tool_calls}`. AI messages carry `tool_calls` [{name, args,
 * id}] (else the OpenAI-style `additional_kwargs.tool_calls`); a tool message answers
 * `tool_call_id`, failed when its `status` is "error". Content is text or a list of blocks as the
 * provider wrote them (text, Anthropic `tool_use` blocks, which repeat `tool_calls`).
 */
import { argumentsText, failedResult, idOf, isObject, MEDIA_PARTS, resultText, unknownPart, type Json } from './adapter-kit.ts';
import type { WarningSink } from './input-format.ts';

/** Class names (serialized) and type names (dicts) by the role they stand for. */
const ROLES: Record<string, string> = {
  AIMessage: 'assistant', AIMessageChunk: 'assistant', ai: 'assistant',
  HumanMessage: 'user', HumanMessageChunk: 'user', human: 'user',
  SystemMessage: 'system', SystemMessageChunk: 'system', system: 'system',
  ToolMessage: 'tool', ToolMessageChunk: 'tool', tool: 'tool',
  ChatMessage: 'chat', ChatMessageChunk: 'chat', chat: 'chat',
};
const QUIET_BLOCKS: ReadonlySet<string> = new Set(['thinking', 'redacted_thinking', 'reasoning']);

/** The message's kind (a class or type name) and its fields, or undefined when it is not a LangChain message. */
export function langchainMessage(value: unknown): { kind: string; fields: Json } | undefined {
  if (!isObject(value)) return undefined;
  if (value.type === 'constructor' && Array.isArray(value.id) && isObject(value.kwargs)) {
    const last = value.id[value.id.length - 1];
    return { kind: typeof last === 'string' ? last : '', fields: value.kwargs };
  }
  if (typeof value.type === 'string' && isObject(value.data)) return { kind: value.type, fields: value.data };
  if (typeof value.type === 'string' && value.role === undefined && ROLES[value.type] !== undefined) return { kind: value.type, fields: value };
  return undefined;
}

export function fromLangChain(messages: readonly unknown[], warn: WarningSink): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < messages.length; i++) {
    const read = langchainMessage(messages[i]);
    if (read === undefined) {
      // An OpenAI-style message among them is read as one; anything else validation reports.
      out.push(messages[i]);
      continue;
    }
    const field = `messages[${i}]`;
    const role = roleOf(read.kind, read.fields);
    if (role === undefined) {
      warn({ field, message: `unknown LangChain message type "${read.kind.slice(0, 40)}": not read` });
      continue;
    }
    out.push(...readMessage(role, read.fields, field, warn));
  }
  return out;
}

function roleOf(kind: string, fields: Json): string | undefined {
  const role = Object.hasOwn(ROLES, kind) ? ROLES[kind] : undefined;
  if (role !== 'chat') return role;
  // A ChatMessage names its role: "user", "assistant", or LangChain's own words.
  const named = fields.role;
  return typeof named === 'string' ? (Object.hasOwn(ROLES, named) && ROLES[named] !== 'chat' ? ROLES[named] : named) : undefined;
}

function readMessage(role: string, fields: Json, field: string, warn: WarningSink): Json[] {
  const at = `${field}.content`;
  if (role === 'tool') {
    const text = resultText(fields.content, at, warn);
    return [{ role, tool_call_id: idOf(fields.tool_call_id), content: fields.status === 'error' ? failedResult(text) : text }];
  }
  const calls = role === 'assistant' ? toolCalls(fields, field) : [];
  const content = Array.isArray(fields.content) ? blocksText(fields.content, at, calls, warn) : fields.content;
  if (calls.length === 0) return [{ role, content }];
  return [{ role, content: content === '' ? null : content, tool_calls: calls }];
}

function toolCalls(fields: Json, field: string): Json[] {
  const calls: Json[] = [];
  if (Array.isArray(fields.tool_calls) && fields.tool_calls.length > 0) {
    fields.tool_calls.forEach((call: unknown, j: number) => {
      const c = isObject(call) ? call : {};
      calls.push({ id: idOf(c.id), type: 'function', function: { name: c.name, arguments: argumentsText(c.args ?? {}, `${field}.tool_calls[${j}].args`) } });
    });
    return calls;
  }
  const extra = isObject(fields.additional_kwargs) ? fields.additional_kwargs.tool_calls : undefined;
  if (Array.isArray(extra)) for (const call of extra) calls.push(call as Json);
  return calls;
}

/** The text of content blocks; a `tool_use` block not already among the calls is added to them. */
function blocksText(blocks: readonly unknown[], field: string, calls: Json[], warn: WarningSink): string {
  const texts: string[] = [];
  let known: Set<unknown> | undefined;
  for (let j = 0; j < blocks.length; j++) {
    const block = blocks[j];
    if (typeof block === 'string') {
      texts.push(block);
      continue;
    }
    if (!isObject(block)) {
      warn({ field: `${field}[${j}]`, message: 'not a content block (ignored)' });
      continue;
    }
    const type = block.type;
    if (typeof block.text === 'string') texts.push(block.text);
    else if (type === 'tool_use' || type === 'tool_call') {
      const id = idOf(block.id);
      known ??= new Set(calls.map((call) => call.id));
      if (!known.has(id)) calls.push({ id, type: 'function', function: { name: block.name, arguments: argumentsText(block.input ?? block.args ?? {}, `${field}[${j}].input`) } });
    } else if (typeof type === 'string' && (QUIET_BLOCKS.has(type) || MEDIA_PARTS.has(type))) continue;
    else warn(unknownPart(`${field}[${j}]`, type));
  }
  return texts.join('\n');
}
