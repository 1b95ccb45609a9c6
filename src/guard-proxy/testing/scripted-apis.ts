/**
 * The scripted upstream's Responses (`/responses`) and Anthropic Messages (`/messages`) answers:
 * the same scripted replies (text or tool calls) as a whole response or as the API's events, the
 * text and arguments split into small deltas as real servers send them.
 */
import type { ServerResponse } from 'node:http';
import type { ToolCall } from '../../core/types.ts';

type Reply = { kind: 'text'; content: string } | { kind: 'tool_calls'; calls: ToolCall[]; content?: string };

const textOf = (reply: Reply): string | undefined => reply.content;

const CREATED = 1_790_000_000;
const pieces = (text: string, size: number): string[] => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];

function responseOutput(reply: Reply): Record<string, unknown>[] {
  if (reply.kind === 'text') return [{ type: 'message', id: 'msg_scripted', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: reply.content, annotations: [] }] }];
  const words = textOf(reply) === undefined ? [] : responseOutput({ kind: 'text', content: textOf(reply)! });
  return [...words, ...reply.calls.map((call, index) => ({ type: 'function_call', id: `fc_scripted_${index}`, call_id: call.id, name: call.function.name, arguments: call.function.arguments, status: 'completed' }))];
}

export function responsesBody(reply: Reply, model: string): Record<string, unknown> {
  return {
    id: 'resp_scripted', object: 'response', created_at: CREATED, status: 'completed', error: null, incomplete_details: null, instructions: null,
    model, output: responseOutput(reply), parallel_tool_calls: true, temperature: 1, tool_choice: 'auto', tools: [], top_p: 1,
    usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 },
  };
}

export function writeResponsesStream(res: ServerResponse, reply: Reply, model: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sequence = 0;
  const emit = (type: string, fields: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`);
  const final = responsesBody(reply, model);
  const opening = { ...final, status: 'in_progress', output: [], usage: null };
  emit('response.created', { response: opening });
  emit('response.in_progress', { response: opening });
  (final['output'] as Record<string, unknown>[]).forEach((item, output_index) => {
    if (item['type'] === 'message') {
      const text = ((item['content'] as { text: string }[])[0]?.text) ?? '';
      emit('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
      emit('response.content_part.added', { item_id: item['id'], output_index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
      for (const delta of pieces(text, 7)) emit('response.output_text.delta', { item_id: item['id'], output_index, content_index: 0, delta, logprobs: [] });
      emit('response.output_text.done', { item_id: item['id'], output_index, content_index: 0, text, logprobs: [] });
      emit('response.content_part.done', { item_id: item['id'], output_index, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
    } else {
      emit('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
      for (const delta of pieces(item['arguments'] as string, 5)) emit('response.function_call_arguments.delta', { item_id: item['id'], output_index, delta });
      emit('response.function_call_arguments.done', { item_id: item['id'], output_index, arguments: item['arguments'] });
    }
    emit('response.output_item.done', { output_index, item });
  });
  emit('response.completed', { response: final });
  res.end();
}

function messageContent(reply: Reply): Record<string, unknown>[] {
  if (reply.kind === 'text') return [{ type: 'text', text: reply.content }];
  return [...(reply.content === undefined ? [] : [{ type: 'text', text: reply.content }]), ...reply.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.function.name, input: JSON.parse(call.function.arguments) as unknown }))];
}

export function messagesBody(reply: Reply, model: string): Record<string, unknown> {
  return {
    id: 'msg_scripted', type: 'message', role: 'assistant', model, content: messageContent(reply),
    stop_reason: reply.kind === 'text' ? 'end_turn' : 'tool_use', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 },
  };
}

export function writeMessagesStream(res: ServerResponse, reply: Reply, model: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const emit = (type: string, fields: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`);
  const final = messagesBody(reply, model);
  emit('message_start', { message: { ...final, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } });
  emit('ping', {});
  (final['content'] as Record<string, unknown>[]).forEach((block, index) => {
    if (block['type'] === 'text') {
      emit('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const text of pieces(block['text'] as string, 7)) emit('content_block_delta', { index, delta: { type: 'text_delta', text } });
    } else {
      emit('content_block_start', { index, content_block: { type: 'tool_use', id: block['id'], name: block['name'], input: {} } });
      for (const partial_json of pieces(JSON.stringify(block['input']), 5)) emit('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    emit('content_block_stop', { index });
  });
  emit('message_delta', { delta: { stop_reason: final['stop_reason'], stop_sequence: null }, usage: { output_tokens: 5 } });
  emit('message_stop', {});
  res.end();
}
