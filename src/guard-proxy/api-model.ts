/**
 * The upstream model as a `ChatModel` over the request's own API, for the guard's own rewrite and
 * re-anchoring calls: the client's model name and credentials (redacted by value from any error),
 * the proxy's deadline, never retried (the client's request is waiting). The API's codec turns the
 * chat request into its body and its answer back into an assistant message.
 */
import type { ToolCall } from '../core/types.ts';
import type { ChatModel, ChatRequest, ChatResult, AssistantMessage, Usage } from '../llm/chat-model.ts';
import { kindForStatus, safeMessage } from '../llm/model-error.ts';
import { ProxyError } from './openai-error.ts';
import { callSignal, credentialValues, readUpstreamBody, sendUpstream, type HeaderRecord, type Upstream } from './upstream.ts';

export interface ApiCodec {
  path: string;
  /** The request body for one non-streamed call at temperature 0. */
  body(request: ChatRequest): Record<string, unknown>;
  /** The answer as an assistant message, or undefined when it is not this API's answer. */
  answer(parsed: unknown): { message: AssistantMessage; usage: Usage; finish: string | null } | undefined;
}

export function upstreamApiModel(upstream: Upstream, headers: HeaderRecord, codec: ApiCodec, client?: AbortSignal): ChatModel {
  const secrets = credentialValues(headers);
  return {
    spec: 'guard-upstream',
    provider: 'openai-compatible',
    close: async () => undefined,
    async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
      const started = performance.now();
      const facts = () => ({ latency_ms: Math.round(performance.now() - started), attempts: 1, request_params: { temperature: 0 } });
      const deadline = callSignal(upstream.timeoutMs, client);
      const combined = signal === undefined ? deadline.signal : AbortSignal.any([signal, deadline.signal]);
      const sent: HeaderRecord = { ...headers, 'content-type': 'application/json' };
      try {
        const response = await sendUpstream(upstream, codec.path, { method: 'POST', headers: sent, body: JSON.stringify({ ...codec.body(request), stream: false }) }, combined, client);
        const text = new TextDecoder().decode(await readUpstreamBody(response, upstream, combined, client));
        if (!response.ok) return { ok: false, error: { kind: kindForStatus(response.status), status: response.status, message: safeMessage(text, secrets), attempts: 1 }, ...facts() };
        const answer = codec.answer(JSON.parse(text.replace(/^\uFEFF/, '')));
        if (answer === undefined) return { ok: false, error: { kind: 'bad_response', status: response.status, message: `not a ${codec.path} answer`, attempts: 1 }, ...facts() };
        return { ok: true, message: answer.message, usage: answer.usage, finish_reason: answer.finish, ...facts() };
      } catch (error) {
        const kind = error instanceof ProxyError ? (error.status === 504 ? 'timeout' : error.status === 499 ? 'aborted' : 'network') : 'bad_response';
        return { ok: false, error: { kind, status: null, message: safeMessage(error instanceof Error ? error.message : String(error), secrets), attempts: 1 }, ...facts() };
      } finally {
        deadline.release();
      }
    },
  };
}

/** Chat Completions: the request's own messages and tools, the client's model name. */
export function chatCodec(model: string | undefined): ApiCodec {
  return {
    path: '/chat/completions',
    body(request) {
      const body: Record<string, unknown> = { messages: request.messages, temperature: 0 };
      if (model !== undefined) body['model'] = model;
      if (request.tools?.length) body['tools'] = request.tools;
      if (request.tool_choice !== undefined && request.tools?.length) body['tool_choice'] = request.tool_choice;
      return body;
    },
    answer(parsed) {
      const completion = parsed as { choices?: { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: string }[]; usage?: Record<string, number> } | null;
      const choice = completion?.choices?.[0];
      if (choice?.message === undefined) return undefined;
      const content = typeof choice.message.content === 'string' ? choice.message.content : null;
      const calls = Array.isArray(choice.message.tool_calls) ? (choice.message.tool_calls as ToolCall[]) : undefined;
      const usage = completion!.usage;
      return {
        message: { role: 'assistant', content, ...(calls?.length ? { tool_calls: calls } : {}) },
        usage: { prompt_tokens: usage?.['prompt_tokens'] ?? 0, completion_tokens: usage?.['completion_tokens'] ?? 0, total_tokens: usage?.['total_tokens'] ?? 0 },
        finish: choice.finish_reason ?? null,
      };
    },
  };
}
