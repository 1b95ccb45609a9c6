/**
 * Anthropic Messages: a record's `system` (text, or a list of text blocks) and `messages` of role
 * `user` or `assistant`, each with text or a list of content blocks. Assistant blocks: `text`,
 * `tool_use` {id, name, input} (and `server_tool_use`, answered in the same message by a block
 * whose type ends in `_tool_result`), `thinking` and `redacted_thinking` (never shown to the user:
 * read as nothing). A user message's `tool_result` blocks {tool_use_id, content, is_error} answer
 * calls: they become tool results, and only the user's own text stays a user message, so a turn
 * still starts at what the user wrote.
 *
 * An SDK call logged as `{request, response}` (the `messages.create` parameters and the Message it
 * returned) is read as the request's `system` and `messages` followed by the response's `content`
 * as the assistant's message (`anthropicExchange`). The request's `tools` are kept, not read: the
 * deployment still comes from `setup` or `--setup`.
 */
import { CheckInputError, show } from '../check-input-error.ts';
import { argumentsText, failedResult, idOf, isObject, MEDIA_PARTS, partsText, resultText, unknownPart, type Json } from './adapter-kit.ts';
import type { WarningSink } from './input-format.ts';

const QUIET_BLOCKS: ReadonlySet<string> = new Set(['thinking', 'redacted_thinking', 'container_upload']);

/** A record logged as `{request, response}`, as the Messages record it stands for; undefined for any other record. */
export function anthropicExchange(record: Json): Json | undefined {
  const { request, response } = record;
  if (record.messages !== undefined || !isObject(request) || !Array.isArray(request.messages) || !isObject(response) || !Array.isArray(response.content)) return undefined;
  if (response.role !== undefined && response.role !== 'assistant') return undefined;
  // A spread, never Object.assign: a parsed "__proto__" key would set the copy's prototype.
  const { request: _request, response: _response, ...rest } = record;
  return {
    ...rest,
    ...(request.system === undefined ? {} : { system: request.system }),
    ...(request.tools === undefined ? {} : { tools: request.tools }),
    messages: [...request.messages, { role: 'assistant', content: response.content }],
  };
}

export function fromAnthropic(record: Json, messages: readonly unknown[], warn: WarningSink): unknown[] {
  const out: unknown[] = [];
  const system = record.system;
  if (typeof system === 'string' && system !== '') out.push({ role: 'system', content: system });
  else if (Array.isArray(system)) out.push({ role: 'system', content: partsText(system, 'system', warn) });
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message) || !Array.isArray(message.content)) {
      out.push(message);
      continue;
    }
    readMessage(message.role, message.content, `messages[${i}].content`, out, warn);
  }
  return out;
}

function readMessage(role: unknown, blocks: readonly unknown[], field: string, out: unknown[], warn: WarningSink): void {
  const texts: string[] = [];
  const calls: Json[] = [];
  const results: Json[] = [];
  for (let j = 0; j < blocks.length; j++) {
    const block = blocks[j];
    const at = `${field}[${j}]`;
    if (!isObject(block)) {
      warn({ field: at, message: 'not a content block (ignored)' });
      continue;
    }
    const type = block.type;
    if (type === 'text') {
      if (typeof block.text !== 'string') throw new CheckInputError(`${at}.text`, 'not text', 'a string', show(block.text));
      texts.push(block.text);
    } else if (type === 'server_tool_use' || (typeof type === 'string' && type.endsWith('_tool_result') && type !== 'mcp_tool_result')) {
      continue;
    } else if (type === 'tool_use' || type === 'mcp_tool_use') {
      calls.push({ id: idOf(block.id), type: 'function', function: { name: block.name, arguments: argumentsText(block.input, `${at}.input`) } });
    } else if (type === 'tool_result' || type === 'mcp_tool_result') {
      const text = resultText(block.content, `${at}.content`, warn);
      results.push({ role: 'tool', tool_call_id: idOf(block.tool_use_id), content: block.is_error === true ? failedResult(text) : text });
    } else if (typeof type === 'string' && (QUIET_BLOCKS.has(type) || MEDIA_PARTS.has(type))) {
      continue;
    } else if (typeof block.text === 'string') {
      texts.push(block.text);
    } else {
      warn(unknownPart(at, type));
    }
  }
  const content = texts.join('\n');
  if (role === 'assistant') {
    out.push(calls.length > 0 ? { role, content: content === '' ? null : content, tool_calls: calls } : { role, content });
    out.push(...results);
    return;
  }
  // A user message that only answers calls is no new turn.
  out.push(...results);
  if (results.length === 0 || texts.length > 0) out.push({ role, content });
}
