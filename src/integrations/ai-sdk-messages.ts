/**
 * Between the AI SDK's language-model prompt (specification v4) and the OpenAI chat messages the
 * checker reads: text parts joined, tool calls with their JSON arguments, tool results as text.
 * Types are derived from the `ai` package's middleware type, so only `ai` is needed, as a peer.
 */
import type { LanguageModelMiddleware } from 'ai';
import type { ChatMessage, ContentPart, ToolCall } from '../core/types.ts';
import type { ChatRequest, OpenAITool } from '../llm/chat-model.ts';

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
export type CallOptions = Parameters<WrapGenerate>[0]['params'];
export type Prompt = CallOptions['prompt'];
export type PromptMessage = Prompt[number];
export type LanguageModel = Parameters<WrapGenerate>[0]['model'];
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
export type Content = GenerateResult['content'][number];

export function chatMessagesOf(prompt: Prompt): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', content: message.content });
        break;
      case 'user':
        messages.push({ role: 'user', content: textParts(message.content) });
        break;
      case 'assistant': {
        const calls: ToolCall[] = [];
        const text: string[] = [];
        for (const part of message.content) {
          if (part.type === 'text') text.push(part.text);
          if (part.type === 'tool-call' && part.providerExecuted !== true) calls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}) } });
        }
        messages.push({ role: 'assistant', content: text.length > 0 ? text.join('') : null, ...(calls.length > 0 ? { tool_calls: calls } : {}) });
        break;
      }
      case 'tool':
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          messages.push({ role: 'tool', tool_call_id: part.toolCallId, content: outputText(part.output) });
        }
        break;
    }
  }
  return messages;
}

function textParts(parts: readonly { type: string; text?: string }[]): ContentPart[] {
  return parts.filter((part) => part.type === 'text').map((part) => ({ type: 'text', text: part.text ?? '' }));
}

function outputText(output: { type: string; value?: unknown; reason?: string }): string {
  if (output.type === 'text' || output.type === 'error-text') return String(output.value ?? '');
  if (output.type === 'execution-denied') return JSON.stringify({ status: 'error', message: output.reason ?? 'execution denied' });
  if (output.type === 'error-json') return JSON.stringify({ status: 'error', error: output.value ?? null });
  return JSON.stringify(output.value ?? null);
}

/** The call's function tools in OpenAI's shape (provider tools are not the app's and are left out). */
export function openAIToolsOf(params: CallOptions): OpenAITool[] {
  return (params.tools ?? []).flatMap((tool) =>
    tool.type === 'function' ? [{ type: 'function' as const, function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema as Record<string, unknown> } }] : [],
  );
}

/** A prompt for the wrapped model from chat messages, for the guard's own calls. */
export function promptOf(request: ChatRequest): Prompt {
  const prompt: Prompt = [];
  const names = new Map<string, string>();
  for (const message of request.messages) {
    const text = typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('');
    if (message.role === 'system' || message.role === 'developer') prompt.push({ role: 'system', content: text });
    else if (message.role === 'user') prompt.push({ role: 'user', content: [{ type: 'text', text }] });
    else if (message.role === 'assistant') {
      const calls = message.tool_calls ?? [];
      for (const call of calls) names.set(call.id, call.function.name);
      prompt.push({ role: 'assistant', content: [...(text ? [{ type: 'text' as const, text }] : []), ...calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.function.name, input: safeJson(call.function.arguments) }))] });
    } else if (message.role === 'tool') prompt.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: message.tool_call_id, toolName: names.get(message.tool_call_id) ?? 'tool', output: { type: 'text', value: text } }] });
  }
  return prompt;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
