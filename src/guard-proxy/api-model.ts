/**
 * The upstream model as a `ChatModel` over an API other than Chat Completions, for the guard's own
 * rewrite and re-anchoring calls: the client's model name and credentials, the proxy's deadline,
 * never retried (the client's request is waiting). The API's dialect turns the chat request into
 * its body and its answer back into an assistant message.
 */
import type { ChatModel, ChatRequest, ChatResult, AssistantMessage, Usage } from '../llm/chat-model.ts';
import { kindForStatus, safeMessage } from '../llm/model-error.ts';
import { ProxyError } from './openai-error.ts';
import { callSignal, readUpstreamBody, sendUpstream, type HeaderRecord, type Upstream } from './upstream.ts';

export interface ApiCodec {
  path: string;
  /** The request body for one non-streamed call at temperature 0. */
  body(request: ChatRequest): Record<string, unknown>;
  /** The answer as an assistant message, or undefined when it is not this API's answer. */
  answer(parsed: unknown): { message: AssistantMessage; usage: Usage; finish: string | null } | undefined;
}

export function upstreamApiModel(upstream: Upstream, headers: HeaderRecord, codec: ApiCodec, client?: AbortSignal): ChatModel {
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
        if (!response.ok) return { ok: false, error: { kind: kindForStatus(response.status), status: response.status, message: safeMessage(text), attempts: 1 }, ...facts() };
        const answer = codec.answer(JSON.parse(text.replace(/^\uFEFF/, '')));
        if (answer === undefined) return { ok: false, error: { kind: 'bad_response', status: response.status, message: `not a ${codec.path} answer`, attempts: 1 }, ...facts() };
        return { ok: true, message: answer.message, usage: answer.usage, finish_reason: answer.finish, ...facts() };
      } catch (error) {
        const kind = error instanceof ProxyError ? (error.status === 504 ? 'timeout' : error.status === 499 ? 'aborted' : 'network') : 'bad_response';
        return { ok: false, error: { kind, status: null, message: safeMessage(error instanceof Error ? error.message : String(error)), attempts: 1 }, ...facts() };
      } finally {
        deadline.release();
      }
    },
  };
}
