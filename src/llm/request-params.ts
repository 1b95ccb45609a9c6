/**
 * How felicity's sampling settings become request-body fields for each provider. The result is
 * recorded with every response, so it must be exactly what was sent (minus messages and tools).
 */
import type { SamplingParams } from './chat-model.ts';
import type { ModelProvider } from './model-spec.ts';

export function requestParams(
  provider: Exclude<ModelProvider, 'gguf'>,
  model: string,
  params: SamplingParams = {},
  toolChoice?: 'auto' | 'none',
): Record<string, unknown> {
  const body: Record<string, unknown> = { model };
  if (params.temperature !== undefined && params.temperature !== null) body['temperature'] = params.temperature;
  if (params.max_tokens !== undefined) {
    // OpenAI's own API rejects max_tokens for reasoning models; compatible servers know only max_tokens.
    body[provider === 'openai' ? 'max_completion_tokens' : 'max_tokens'] = params.max_tokens;
  }
  if (params.seed !== undefined) body['seed'] = params.seed;
  if (params.thinking === false) {
    // vLLM (and SGLang) pass chat_template_kwargs to the chat template (Qwen3 et al.); Ollama takes
    // `think`. OpenAI's API has no off switch for reasoning, so nothing is sent there.
    if (provider === 'openai-compatible') body['chat_template_kwargs'] = { enable_thinking: false };
    if (provider === 'ollama') body['think'] = false;
  }
  if (toolChoice !== undefined) body['tool_choice'] = toolChoice;
  return body;
}
