/**
 * OpenAI Responses API items: a record's `input` (a string or a list of items) followed by its
 * `output` list, or the items under `messages`; `instructions` is the system prompt. Items:
 * `message` (role and content, parts `input_text`/`output_text`/`refusal`), `function_call`
 * (`call_id`, `name`, `arguments` as JSON text), `function_call_output` (`call_id`, `output`),
 * the same for `custom_tool_call`, and `mcp_call` (a call and its result in one item).
 * `reasoning` is what the user never sees: read as nothing; so are the calls of OpenAI's built-in
 * tools (web and file search, code interpreter, image generation, computer use), which are not
 * tools of the deployment. Any other item is a warning.
 */
import { argumentsText, failedResult, idOf, isObject, jsonText, partsText, resultText, type Json } from './adapter-kit.ts';
import type { WarningSink } from './input-format.ts';

const QUIET_ITEMS: ReadonlySet<string> = new Set([
  'reasoning', 'item_reference', 'compaction',
  'web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'computer_call', 'computer_call_output', 'local_shell_call', 'local_shell_call_output', 'shell_call', 'shell_call_output', 'apply_patch_call', 'apply_patch_call_output', 'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response',
]);

/** The record's items with the field each came from, in conversation order. */
export function responsesItems(record: Json): { items: readonly unknown[]; field: string; instructions: unknown }[] {
  if (Array.isArray(record.messages)) return [{ items: record.messages, field: 'messages', instructions: record.instructions }];
  const lists: { items: readonly unknown[]; field: string; instructions: unknown }[] = [];
  if (typeof record.input === 'string') lists.push({ items: [{ type: 'message', role: 'user', content: record.input }], field: 'input', instructions: record.instructions });
  else if (Array.isArray(record.input)) lists.push({ items: record.input, field: 'input', instructions: record.instructions });
  if (Array.isArray(record.output)) lists.push({ items: record.output, field: 'output', instructions: undefined });
  return lists;
}

export function fromResponses(record: Json, warn: WarningSink): unknown[] {
  const messages: unknown[] = [];
  for (const { items, field, instructions } of responsesItems(record)) {
    if (typeof instructions === 'string' && instructions !== '') messages.push({ role: 'system', content: instructions });
    for (let i = 0; i < items.length; i++) readItem(items[i], `${field}[${i}]`, messages, warn);
  }
  return messages;
}

function readItem(item: unknown, field: string, out: unknown[], warn: WarningSink): void {
  if (!isObject(item)) {
    out.push(item);
    return;
  }
  const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message': {
      const content = Array.isArray(item.content) ? partsText(item.content, `${field}.content`, warn) : item.content;
      const message: Json = { role: item.role, content };
      // A Chat Completions message among the items keeps its calls and the call it answers.
      if (item.tool_calls !== undefined) message.tool_calls = item.tool_calls;
      if (item.tool_call_id !== undefined) message.tool_call_id = item.tool_call_id;
      out.push(message);
      return;
    }
    case 'function_call':
    case 'custom_tool_call': {
      const args = type === 'function_call' ? argumentsText(item.arguments, `${field}.arguments`) : jsonText({ input: item.input }, `${field}.input`);
      out.push(callMessage(item.call_id, item.name, args));
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      out.push({ role: 'tool', tool_call_id: idOf(item.call_id), content: resultText(item.output, `${field}.output`, warn) });
      return;
    case 'mcp_call': {
      const id = idOf(item.id);
      out.push(callMessage(id, item.name, argumentsText(item.arguments, `${field}.arguments`)));
      const failed = item.error !== undefined && item.error !== null;
      const text = failed ? failedResult(resultText(item.error, `${field}.error`, warn)) : resultText(item.output, `${field}.output`, warn);
      out.push({ role: 'tool', tool_call_id: id, content: text });
      return;
    }
    default:
      if (typeof type === 'string' && QUIET_ITEMS.has(type)) return;
      warn({ field, message: `item ${typeof type === 'string' ? `"${type.slice(0, 40)}"` : 'with no type'} is not read (the checker reads messages, function calls and their outputs)` });
  }
}

function callMessage(id: unknown, name: unknown, args: unknown): Json {
  return { role: 'assistant', content: null, tool_calls: [{ id: idOf(id), type: 'function', function: { name, arguments: args } }] };
}
