/**
 * OpenAI Chat Completions messages, the turn record's own format (SPEC §4), read as written with
 * four additions: object-valued `function.arguments` (as several SDKs write them) become JSON
 * text; a `refusal` part is read as text; a content part that is neither text nor media is a
 * warning; and the deprecated `function_call` on an assistant message, answered by a message of
 * role `function`, is read as a tool call (id `function_call-N`) and its result. A record that
 * needs none of these is returned as it is (the usual case, no copy).
 */
import { argumentsText, isObject, MEDIA_PARTS, unknownPart, type Json } from './adapter-kit.ts';
import type { WarningSink } from './input-format.ts';

export function fromOpenAiChat(messages: readonly unknown[], warn: WarningSink): readonly unknown[] {
  let copy: unknown[] | undefined;
  /** The id given to the latest legacy `function_call` of each function. */
  let open: Map<unknown, string> | undefined;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message)) continue;
    let fixed: Json = message;
    if (Array.isArray(message.content)) {
      const content = readParts(message.content, `messages[${i}].content`, warn);
      if (content !== message.content) fixed = { ...fixed, content };
    }
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      const calls = withTextArguments(message.tool_calls, i);
      if (calls !== message.tool_calls) fixed = { ...fixed, tool_calls: calls };
    }
    if (message.role === 'assistant' && isObject(message.function_call) && message.tool_calls === undefined) {
      const { function_call: call, ...rest } = fixed;
      const fn = call as Json;
      const id = `function_call-${i}`;
      (open ??= new Map()).set(fn.name, id);
      fixed = { ...rest, tool_calls: [{ id, type: 'function', function: { name: fn.name, arguments: argumentsText(fn.arguments, `messages[${i}].function_call.arguments`) } }] };
    }
    if (message.role === 'function') {
      // Answers the latest call of the function it names; one that answers none is left for validation to report.
      const { name: _name, ...rest } = fixed;
      fixed = { ...rest, role: 'tool', tool_call_id: open?.get(message.name) ?? '' };
    }
    if (fixed !== message) (copy ??= messages.slice())[i] = fixed;
  }
  return copy ?? messages;
}

/** The parts with refusals as text and unknown parts left out (each warned about): the same list when none is. */
function readParts(parts: readonly unknown[], field: string, warn: WarningSink): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let j = 0; j < parts.length; j++) {
    const part = parts[j];
    let kept: unknown = part;
    // Not an object, or text that is not a string: kept, for validation to report at its field.
    if (isObject(part) && part.text === undefined && part.type !== 'text') {
      if (part.type === 'refusal' && typeof part.refusal === 'string') kept = { type: 'text', text: part.refusal };
      else if (typeof part.type !== 'string' || !MEDIA_PARTS.has(part.type)) {
        warn(unknownPart(`${field}[${j}]`, part.type));
        kept = undefined;
      }
    }
    if (kept !== part) copy ??= parts.slice(0, j);
    if (copy !== undefined && kept !== undefined) copy.push(kept);
  }
  return copy ?? parts;
}

function withTextArguments(calls: readonly unknown[], index: number): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let j = 0; j < calls.length; j++) {
    const call = calls[j];
    if (!isObject(call) || !isObject(call.function) || !isObject(call.function.arguments)) continue;
    const text = argumentsText(call.function.arguments, `messages[${index}].tool_calls[${j}].function.arguments`);
    (copy ??= calls.slice())[j] = { ...call, function: { ...call.function, arguments: text } };
  }
  return copy ?? calls;
}
