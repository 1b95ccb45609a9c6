/** Model access and the agent turn loop: the public surface of src/llm. */
export type { AssistantMessage, ChatModel, ChatRequest, ChatResult, OpenAITool, SamplingParams, Usage } from './chat-model.ts';
export { createChatModel, type ChatModelOptions } from './create-chat-model.ts';
export { parseModelSpec, ModelSpecError, MODEL_SPEC_FORMS, type ModelSpec, type ModelProvider } from './model-spec.ts';
export { ModelSetupError } from './model-setup-error.ts';
export { MODEL_ERROR_KINDS, isRetryable, type ModelError, type ModelErrorKind } from './model-error.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.ts';
export { AimdLimiter, limiterFor, DEFAULT_AIMD, type AimdOptions } from './adaptive-concurrency.ts';
export { systemClock, type Clock } from './clock.ts';
export { runTurn, MAX_TOOL_ROUNDS, DEFAULT_TEMPERATURE, type TurnInput, type TurnOptions, type TurnResult, type ToolCallError } from './turn-loop.ts';
export { formatTranscript, describeError, cleanModelText } from './format-turn.ts';
