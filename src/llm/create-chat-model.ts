/**
 * One entry point from a model spec to a ChatModel. Async because a `gguf:` model is checked and
 * loaded here (file, optional dependency, weights), so problems surface before any request.
 */
import type { ChatModel } from './chat-model.ts';
import type { GgufModelOptions } from './gguf-chat-model.ts';
import { parseModelSpec } from './model-spec.ts';
import { importNeeding } from '../optional-packages.ts';
import type { HttpModelOptions } from './openai-chat-model.ts';

export type ChatModelOptions = HttpModelOptions & GgufModelOptions;

/**
 * @throws ModelSpecError for a malformed spec, ModelSetupError for a missing key, file or
 * optional dependency. Failures of individual calls are returned by `complete`, never thrown.
 */
export async function createChatModel(spec: string, options: ChatModelOptions = {}): Promise<ChatModel> {
  const parsed = parseModelSpec(spec);
  // Each client loads when its model is asked for (the OpenAI SDK alone is ~150 modules), not
  // with every command that can take a model: `felicity --help` loads all of those.
  if (parsed.provider === 'gguf') return (await import('./gguf-chat-model.ts')).createGgufChatModel(parsed.path, spec, options);
  const client = await importNeeding(() => import('./openai-chat-model.ts'), ['openai'], `the model ${spec}`);
  return client.createOpenAIChatModel(parsed, spec, options);
}
