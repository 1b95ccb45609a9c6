/**
 * The guard as Vercel AI SDK middleware (`ai` 7, language-model specification v4):
 *
 *   const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: felicityMiddleware({ policy: 'rewrite' }) });
 *
 * Each model step is judged when it ends in text (a step that calls tools passes: the loop's text
 * step is judged), with earlier calls and results read from the prompt. A failing reply is
 * rewritten by the same model at temperature 0, blocked, annotated, or re-anchored: the model is
 * asked for the enabling call, which goes back to `generateText`/`streamText` as the step's tool
 * call, so the app's own tool runs it. The verdict is in the step's `providerMetadata.felicity`.
 * Streams are held until checked, then replayed.
 */
import type { LanguageModelMiddleware } from 'ai';
import type { ToolCall } from '../core/types.ts';
import type { Decision } from '../guard-proxy/policies.ts';
import type { Verdict } from '../guard-proxy/verdict.ts';
import type { ChatModel, ChatRequest, ChatResult } from '../llm/chat-model.ts';
import { chatMessagesOf, openAIToolsOf, promptOf, type CallOptions, type Content, type GenerateResult, type LanguageModel } from './ai-sdk-messages.ts';
import { DraftJudge, type DraftJudgeOptions } from './draft-judge.ts';

export type { Verdict } from '../guard-proxy/verdict.ts';

export interface FelicityMiddlewareOptions extends DraftJudgeOptions {
  /** Called with every step's verdict (also in the step's providerMetadata.felicity). */
  onVerdict?: (verdict: Verdict) => void;
}

type StreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

export function felicityMiddleware(options: FelicityMiddlewareOptions = {}): LanguageModelMiddleware {
  const judge = new DraftJudge(options);
  const decideFor = async (params: CallOptions, model: LanguageModel, text: string, calls: ToolCall[]): Promise<Decision> => {
    const decision = await judge.judge({
      messages: chatMessagesOf(params.prompt),
      tools: openAIToolsOf(params),
      text,
      toolCalls: calls,
      model: () => chatModelOf(model, params.abortSignal),
    });
    options.onVerdict?.(decision.verdict);
    return decision;
  };

  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params, model }) {
      const result = await doGenerate();
      const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      const decision = await decideFor(params, model, text, toolCallsOf(result.content));
      const providerMetadata = { ...result.providerMetadata, felicity: decision.verdict as unknown as Record<string, never> };
      if (decision.kind === 'pass') return { ...result, providerMetadata };
      const kept = result.content.filter((part) => part.type !== 'text' && part.type !== 'tool-call');
      if (decision.kind === 'text') return { ...result, content: [...kept, { type: 'text', text: decision.text }], finishReason: { unified: 'stop', raw: 'stop' }, providerMetadata };
      return { ...result, content: [...kept, ...decision.calls.map(toolCallContent)], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, providerMetadata };
    },
    async wrapStream({ doStream, params, model }) {
      const { stream, ...rest } = await doStream();
      const parts: StreamPart[] = [];
      const reader = stream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
      }
      if (parts.some((part) => part.type === 'error')) return { ...rest, stream: replay(parts) };
      const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
      const calls = parts.flatMap((part) => (part.type === 'tool-call' && part.providerExecuted !== true ? [{ id: part.toolCallId, type: 'function' as const, function: { name: part.toolName, arguments: part.input } }] : []));
      const decision = await decideFor(params, model, text, calls);
      const felicity = decision.verdict as unknown as Record<string, never>;
      const finish = parts.find((part) => part.type === 'finish');
      const withVerdict = (part: StreamPart): StreamPart => (part.type === 'finish' ? { ...part, providerMetadata: { ...part.providerMetadata, felicity } } : part);
      if (decision.kind === 'pass') return { ...rest, stream: replay(parts.map(withVerdict)) };
      // The reply is replaced: everything but its text and calls is kept (start, metadata, reasoning), then the guard's reply.
      const kept = parts.filter((part) => !['text-start', 'text-delta', 'text-end', 'tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call', 'finish'].includes(part.type));
      const usage = finish?.type === 'finish' ? finish.usage : EMPTY_USAGE;
      const replaced: StreamPart[] =
        decision.kind === 'text'
          ? [{ type: 'text-start', id: 'felicity' }, { type: 'text-delta', id: 'felicity', delta: decision.text }, { type: 'text-end', id: 'felicity' }, { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' }, providerMetadata: { felicity } }]
          : [...decision.calls.map(toolCallContent), { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, providerMetadata: { felicity } }];
      return { ...rest, stream: replay([...kept, ...replaced]) };
    },
  };
}

const EMPTY_USAGE = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
} as unknown as Extract<StreamPart, { type: 'finish' }>['usage'];

function toolCallsOf(content: readonly Content[]): ToolCall[] {
  return content.flatMap((part) => (part.type === 'tool-call' && part.providerExecuted !== true ? [{ id: part.toolCallId, type: 'function' as const, function: { name: part.toolName, arguments: part.input } }] : []));
}

function toolCallContent(call: ToolCall): Extract<Content, { type: 'tool-call' }> {
  return { type: 'tool-call', toolCallId: call.id, toolName: call.function.name, input: call.function.arguments };
}

function replay<T>(parts: readonly T[]): ReadableStream<T> {
  return new ReadableStream<T>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** The wrapped model as a `ChatModel`, for the guard's rewrite and re-anchoring calls (temperature 0). */
function chatModelOf(model: LanguageModel, signal: AbortSignal | undefined): ChatModel {
  return {
    spec: `ai-sdk:${model.provider}:${model.modelId}`,
    provider: 'openai-compatible',
    close: async () => undefined,
    async complete(request: ChatRequest): Promise<ChatResult> {
      const started = performance.now();
      const facts = () => ({ latency_ms: Math.round(performance.now() - started), attempts: 1, request_params: { temperature: 0 } });
      try {
        const params: CallOptions = {
          prompt: promptOf(request),
          temperature: 0,
          ...(request.tools?.length ? { tools: request.tools.map((tool) => ({ type: 'function' as const, name: tool.function.name, description: tool.function.description, inputSchema: tool.function.parameters })) } : {}),
          ...(request.tool_choice === 'none' ? { toolChoice: { type: 'none' as const } } : {}),
          ...(signal === undefined ? {} : { abortSignal: signal }),
        };
        const result: GenerateResult = await model.doGenerate(params);
        const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
        const calls = toolCallsOf(result.content);
        return {
          ok: true,
          message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
          usage: { prompt_tokens: result.usage.inputTokens.total ?? 0, completion_tokens: result.usage.outputTokens.total ?? 0, total_tokens: (result.usage.inputTokens.total ?? 0) + (result.usage.outputTokens.total ?? 0) },
          finish_reason: result.finishReason.raw ?? result.finishReason.unified,
          ...facts(),
        };
      } catch (error) {
        return { ok: false, error: { kind: signal?.aborted ? 'aborted' : 'server', status: null, message: error instanceof Error ? error.message.slice(0, 300) : String(error), attempts: 1 }, ...facts() };
      }
    },
  };
}
