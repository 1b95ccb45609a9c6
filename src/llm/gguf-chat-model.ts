/**
 * Local GGUF models through node-llama-cpp v3 — an optional dependency (≈730 MB, not in
 * package.json), imported only when a `gguf:` spec is asked for. felicity runs the tool loop
 * itself, so this uses the lower-level `LlamaChat.generateResponse`, which returns the model's
 * function calls without executing them (LlamaChatSession would call handlers itself).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ToolCall } from '../core/types.ts';
import type { AssistantMessage, ChatModel, ChatRequest, ChatResult } from './chat-model.ts';
import { toLlamaHistory, type LlamaHistoryItem } from './gguf-history.ts';
import { safeMessage } from './model-error.ts';
import { ModelSetupError } from './model-setup-error.ts';
import { DEFAULT_TIMEOUT_MS } from './model-timeout.ts';

export const NODE_LLAMA_CPP = 'node-llama-cpp';
export const NODE_LLAMA_CPP_INSTALL = 'npm i node-llama-cpp@3.21.1';

export interface GgufModelOptions {
  timeoutMs?: number;
  /** Context window in tokens; node-llama-cpp picks one that fits memory when absent. */
  contextSize?: number;
  /** Replaceable for tests; the real one is a dynamic import(). */
  importModule?: (name: string) => Promise<unknown>;
}

// The parts of node-llama-cpp v3's API used here, typed structurally: the package is usually
// absent, so its own types cannot be imported.
interface LlamaModule {
  getLlama(): Promise<{ loadModel(options: { modelPath: string }): Promise<LlamaModelHandle> }>;
  LlamaChat: new (options: { contextSequence: unknown }) => LlamaChatHandle;
}
interface LlamaModelHandle {
  createContext(options: { contextSize?: number }): Promise<{ getSequence(): unknown; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}
interface LlamaChatHandle {
  generateResponse(history: LlamaHistoryItem[], options: Record<string, unknown>): Promise<{
    response: string;
    functionCalls?: Array<{ functionName: string; params: unknown }>;
    metadata: { stopReason: string };
  }>;
}

const defaultImport = (name: string): Promise<unknown> => import(name);

export async function createGgufChatModel(path: string, specText: string, options: GgufModelOptions = {}): Promise<ChatModel> {
  const modelPath = resolve(path);
  const file = await stat(modelPath).catch(() => null);
  if (!file?.isFile()) {
    throw new ModelSetupError(specText, 'missing_file', `GGUF model file not found: ${modelPath}`);
  }
  const llamaCpp = await importLlama(specText, options.importModule ?? defaultImport);

  let model: LlamaModelHandle;
  let context: Awaited<ReturnType<LlamaModelHandle['createContext']>>;
  let chat: LlamaChatHandle;
  try {
    const llama = await llamaCpp.getLlama();
    model = await llama.loadModel({ modelPath });
    context = await model.createContext(options.contextSize ? { contextSize: options.contextSize } : {});
    chat = new llamaCpp.LlamaChat({ contextSequence: context.getSequence() });
  } catch (error) {
    throw new ModelSetupError(specText, 'load_failed', `could not load ${modelPath}: ${safeMessage(String(error))}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Ids unique across calls: a turn's records pair tool results with calls by id.
  let callCounter = 0;

  return {
    spec: specText,
    provider: 'gguf',
    async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
      const params = generationOptions(request);
      const started = performance.now();
      const facts = (): { latency_ms: number; attempts: number; request_params: Record<string, unknown> } => ({
        latency_ms: Math.round(performance.now() - started),
        attempts: 1,
        request_params: { model: specText, ...params },
      });
      const deadline = AbortSignal.timeout(timeoutMs);
      let completionTokens = 0;
      try {
        const result = await chat.generateResponse(toLlamaHistory(request.messages), {
          ...params,
          ...(request.tools?.length && request.tool_choice !== 'none' ? { functions: toFunctions(request) } : {}),
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
          onToken: (tokens: unknown[]) => {
            completionTokens += tokens.length;
          },
        });
        const toolCalls: ToolCall[] = (result.functionCalls ?? []).map((call) => ({
          id: `call_${++callCounter}`,
          type: 'function',
          function: { name: call.functionName, arguments: JSON.stringify(call.params ?? {}) },
        }));
        const message: AssistantMessage = { role: 'assistant', content: result.response === '' && toolCalls.length ? null : result.response };
        if (toolCalls.length) message.tool_calls = toolCalls;
        const stop = result.metadata.stopReason;
        return {
          ok: true,
          message,
          // Prompt tokens are not reported by LlamaChat; only generated tokens are counted.
          usage: { prompt_tokens: 0, completion_tokens: completionTokens, total_tokens: completionTokens },
          finish_reason: stop === 'functionCalls' ? 'tool_calls' : stop === 'maxTokens' ? 'length' : 'stop',
          ...facts(),
        };
      } catch (error) {
        const kind = signal?.aborted ? 'aborted' : deadline.aborted ? 'timeout' : 'bad_request';
        return { ok: false, error: { kind, status: null, message: safeMessage(String(error)), attempts: 1 }, ...facts() };
      }
    },
    async close() {
      await context.dispose();
      await model.dispose();
    },
  };
}

async function importLlama(specText: string, importModule: (name: string) => Promise<unknown>): Promise<LlamaModule> {
  try {
    return (await importModule(NODE_LLAMA_CPP)) as LlamaModule;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new ModelSetupError(
        specText,
        'missing_dependency',
        `gguf: models need the optional package node-llama-cpp, which is not installed; run: ${NODE_LLAMA_CPP_INSTALL} (about 730 MB; 3.22.x breaks npm ci)`,
      );
    }
    throw new ModelSetupError(specText, 'load_failed', `node-llama-cpp failed to load: ${safeMessage(String(error))}`);
  }
}

/** Sampling as LlamaChat options (its names, recorded as sent). */
function generationOptions(request: ChatRequest): Record<string, unknown> {
  const params = request.params ?? {};
  const out: Record<string, unknown> = {};
  if (params.temperature !== undefined && params.temperature !== null) out['temperature'] = params.temperature;
  if (params.max_tokens !== undefined) out['maxTokens'] = params.max_tokens;
  if (params.seed !== undefined) out['seed'] = params.seed;
  // A zero thought budget keeps reasoning models from thinking (node-llama-cpp's segment budgets).
  if (params.thinking === false) out['budgets'] = { thoughtTokens: 0 };
  return out;
}

function toFunctions(request: ChatRequest): Record<string, { description: string; params: Record<string, unknown> }> {
  const functions: Record<string, { description: string; params: Record<string, unknown> }> = {};
  for (const tool of request.tools ?? []) {
    functions[tool.function.name] = { description: tool.function.description, params: tool.function.parameters };
  }
  return functions;
}
