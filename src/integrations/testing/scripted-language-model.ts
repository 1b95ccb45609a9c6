/**
 * The guard tests' scripted agent as an AI SDK language model (specification v4): the same
 * answers as the proxy tests' upstream (src/guard-proxy/testing/agent-model.ts), read from the prompt.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { agentModel } from '../../guard-proxy/testing/agent-model.ts';
import { chatMessagesOf, type CallOptions, type GenerateResult } from '../ai-sdk-messages.ts';

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
} as GenerateResult['usage'];

function answer(options: CallOptions): GenerateResult['content'] {
  const reply = agentModel({ path: '/v1/chat/completions', api: 'chat', raw: {}, headers: {}, body: { messages: chatMessagesOf(options.prompt) } });
  if (reply.kind === 'text') return [{ type: 'text', text: reply.content }];
  if (reply.kind === 'tool_calls') return reply.calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.function.name, input: call.function.arguments }));
  throw new Error(`scripted agent: ${reply.kind}`);
}

export function scriptedLanguageModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const content = answer(options);
      const calls = content.some((part) => part.type === 'tool-call');
      return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: calls ? 'tool_calls' : 'stop' }, usage: USAGE, warnings: [] };
    },
    doStream: async (options) => {
      const content = answer(options);
      const parts: unknown[] = [{ type: 'stream-start', warnings: [] }, { type: 'response-metadata', id: 'resp-1', modelId: 'scripted' }];
      for (const part of content) {
        if (part.type === 'text') {
          parts.push({ type: 'text-start', id: 't1' });
          for (const piece of part.text.match(/.{1,7}/gs) ?? []) parts.push({ type: 'text-delta', id: 't1', delta: piece });
          parts.push({ type: 'text-end', id: 't1' });
        } else parts.push(part);
      }
      const calls = content.some((part) => part.type === 'tool-call');
      parts.push({ type: 'finish', usage: USAGE, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: calls ? 'tool_calls' : 'stop' } });
      return { stream: new ReadableStream({ start: (c) => { for (const p of parts) c.enqueue(p as never); c.close(); } }) } as Awaited<ReturnType<MockLanguageModelV4['doStream']>>;
    },
  });
}
