/**
 * Vercel AI SDK `ModelMessage`s (ai 5–7; the 4.x field names `args`, `result` and `isError` are
 * read too): `system` with text; `user` with text, image and file parts; `assistant` with `text`,
 * `reasoning` (never shown to the user: read as nothing), `tool-call` {toolCallId, toolName,
 * input} parts (one the provider executed itself, `providerExecuted: true`, such as its web
 * search, is not a tool of the deployment: read as nothing, with its result); `tool` with `tool-result` {toolCallId,
 * toolName, output} parts, whose output is `text`, `json`, `content`, or failed: `error-text`,
 * `error-json`, `execution-denied`. Tool-approval parts are bookkeeping: read as nothing.
 */
import { CheckInputError, show } from '../check-input-error.ts';
import { argumentsText, failedResult, idOf, isObject, jsonText, MEDIA_PARTS, partsText, resultText, unknownPart, type Json } from './adapter-kit.ts';
import type { WarningSink } from './input-format.ts';

const QUIET_PARTS: ReadonlySet<string> = new Set(['reasoning', 'reasoning-file', 'redacted-reasoning', 'tool-approval-request', 'tool-approval-response', 'source', 'step-start', 'custom']);

export function fromAiSdk(messages: readonly unknown[], warn: WarningSink): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message) || !Array.isArray(message.content)) {
      out.push(message);
      continue;
    }
    readMessage(message, message.content, `messages[${i}].content`, out, warn);
  }
  return out;
}

function readMessage(message: Json, parts: readonly unknown[], field: string, out: unknown[], warn: WarningSink): void {
  const texts: string[] = [];
  const calls: Json[] = [];
  const results: Json[] = [];
  let providerRun: Set<unknown> | undefined;
  for (let j = 0; j < parts.length; j++) {
    const part = parts[j];
    const at = `${field}[${j}]`;
    if (!isObject(part)) {
      warn({ field: at, message: 'not a content part (ignored)' });
      continue;
    }
    switch (part.type) {
      case 'text':
        if (typeof part.text !== 'string') throw new CheckInputError(`${at}.text`, 'not text', 'a string', show(part.text));
        texts.push(part.text);
        break;
      case 'tool-call':
        if (part.providerExecuted === true) {
          (providerRun ??= new Set()).add(part.toolCallId);
          break;
        }
        calls.push({ id: idOf(part.toolCallId), type: 'function', function: { name: part.toolName, arguments: argumentsText(part.input ?? part.args, `${at}.input`) } });
        break;
      case 'tool-result':
        if (providerRun?.has(part.toolCallId) || part.providerExecuted === true) break;
        results.push({ role: 'tool', tool_call_id: idOf(part.toolCallId), content: outputText(part, at, warn) });
        break;
      default:
        if (typeof part.type === 'string' && QUIET_PARTS.has(part.type)) break;
        if (typeof part.text === 'string') texts.push(part.text);
        else if (typeof part.type !== 'string' || !MEDIA_PARTS.has(part.type)) warn(unknownPart(at, part.type));
    }
  }
  const role = message.role;
  if (role === 'tool') {
    out.push(...results);
    return;
  }
  const content = texts.join('\n');
  out.push(role === 'assistant' && calls.length > 0 ? { role, content: content === '' ? null : content, tool_calls: calls } : { role, content });
  // A result in an assistant message (a tool that ran in the same step) follows it.
  out.push(...results);
}

/** A tool result's output as text; the failed kinds in words the checker reads as failed. */
function outputText(part: Json, field: string, warn: WarningSink): string {
  if (part.output === undefined && part.result !== undefined) {
    const text = resultText(part.result, `${field}.result`, warn);
    return part.isError === true ? failedResult(text) : text;
  }
  const output = part.output;
  if (!isObject(output)) return resultText(output, `${field}.output`, warn);
  switch (output.type) {
    case 'text':
      return typeof output.value === 'string' ? output.value : jsonText(output.value, `${field}.output.value`);
    case 'json':
      return jsonText(output.value, `${field}.output.value`);
    case 'content':
      return Array.isArray(output.value) ? partsText(output.value, `${field}.output.value`, warn) : jsonText(output.value, `${field}.output.value`);
    case 'error-text':
      return failedResult(typeof output.value === 'string' ? output.value : jsonText(output.value, `${field}.output.value`));
    case 'error-json':
      return failedResult(jsonText(output.value, `${field}.output.value`));
    case 'execution-denied':
      return failedResult(`execution denied${typeof output.reason === 'string' ? `: ${output.reason}` : ''}`);
    default:
      warn({ field: `${field}.output`, message: `unknown tool output type ${typeof output.type === 'string' ? `"${output.type.slice(0, 40)}"` : '(none)'}: read as JSON` });
      return jsonText(output, `${field}.output`);
  }
}
