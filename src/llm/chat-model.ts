/**
 * The small interface the turn loop, the benchmark runner and the guard use to talk to a model,
 * whatever serves it (an OpenAI-compatible HTTP endpoint or a local GGUF file).
 */
import type { ChatMessage, ToolCall } from '../core/types.ts';
import type { ModelError } from './model-error.ts';
import type { ModelProvider } from './model-spec.ts';

/** Sampling settings felicity sets; everything else is left to the model's own defaults. */
export interface SamplingParams {
  /** null leaves the temperature to the server (APIs that fix it). */
  temperature?: number | null;
  max_tokens?: number;
  seed?: number;
  /** false turns thinking off: chat_template_kwargs on vLLM-style servers, `think` on Ollama. */
  thinking?: boolean;
}

/** The function-tool schema of OpenAI chat completions. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: OpenAITool[];
  /** "none" forbids calls while keeping the schemas in the prompt (used after the tool-round cap). */
  tool_choice?: 'auto' | 'none';
  params?: SamplingParams;
  /** Passed through as the body's response_format (json_schema or json_object); GGUF models ignore it. */
  response_format?: Record<string, unknown>;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  tool_calls?: ToolCall[];
}

interface CallFacts {
  latency_ms: number;
  attempts: number;
  /** The exact request body minus messages and tools, as sent (no headers, no key). */
  request_params: Record<string, unknown>;
}

export type ChatResult =
  | ({ ok: true; message: AssistantMessage; usage: Usage; finish_reason: string | null } & CallFacts)
  | ({ ok: false; error: ModelError } & CallFacts);

export interface ChatModel {
  /** The spec it was created from, safe to record (no credentials). */
  readonly spec: string;
  readonly provider: ModelProvider;
  /** Never throws for model or transport failures: they come back as `{ok: false, error}`. */
  complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult>;
  /** Free local resources (a loaded GGUF model); a no-op for HTTP models. */
  close(): Promise<void>;
}

export const ZERO_USAGE: Usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}
