/**
 * An agent API the proxy speaks besides Chat Completions (OpenAI Responses, Anthropic Messages):
 * how its request reads as a chat turn, how its reply and its event stream read as text and tool
 * calls, and how a reply the guard changed is written back in the API's own shape. The handler in
 * dialect-route.ts does the rest the same way for every API.
 */
import type { ToolCall } from '../core/types.ts';
import type { ChatModel, OpenAITool } from '../llm/chat-model.ts';
import type { ProxyError } from './openai-error.ts';
import type { RequestRead } from './request-body.ts';
import type { Decision } from './policies.ts';
import type { SseEvent } from './sse.ts';
import type { HeaderRecord, Upstream } from './upstream.ts';
import type { Verdict } from './verdict.ts';

/** A request, read as the chat turn the checker judges: the function tools offered in Chat Completions' shape (hosted tools are not the app's to keep promises with). */
export type TurnRequest = RequestRead<OpenAITool[]>;

/** A reply's words and calls. */
export interface ReplyRead {
  text: string | null;
  toolCalls: ToolCall[];
}

/** A streamed reply put back together from its events. */
export interface EventAssembly extends ReplyRead {
  add(event: SseEvent): void;
  /** Whether any event was one of this API's: a stream with none cannot be read. */
  readonly readable: boolean;
}

export interface Dialect {
  /** The route's name in metrics. */
  name: string;
  /** The upstream path, after the upstream base (which ends in /v1). */
  path: string;
  readRequest(bytes: Uint8Array): TurnRequest;
  /** The reply in a whole response body, or undefined when the body is not this API's response. */
  readReply(parsed: unknown): ReplyRead | undefined;
  /** A whole response the guard changed or annotated, with the verdict in a `felicity` field. */
  replyBody(parsed: Record<string, unknown>, decision: Decision): string;
  newAssembly(): EventAssembly;
  /**
   * An annotated stream's closing event with the verdict added (Responses: `response.completed`'s
   * response gets a `felicity` field), as new data; undefined for any other event.
   */
  verdictEvent?(data: string, verdict: Verdict): string | undefined;
  /** The events of a reply the guard replaced. */
  streamBody(decision: Decision, assembly: EventAssembly): string;
  /** The blocking reply sent when a 200 cannot be read and the guard fails closed. */
  blockedBody(request: TurnRequest, text: string, verdict: Verdict): string;
  blockedStream(request: TurnRequest, text: string, verdict: Verdict): string;
  /** The upstream model over this API, for the guard's own rewrite and re-anchoring calls. */
  model(upstream: Upstream, headers: HeaderRecord, request: TurnRequest, client: AbortSignal): ChatModel;
  /** A failure of the proxy, in the error shape this API's clients parse. */
  errorBody(error: ProxyError): unknown;
}
