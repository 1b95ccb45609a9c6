/** The runtime guard: `guardTurn` and what it is built from. */
export {
  guardTurn, GUARD_FALLBACKS, GUARD_POLICIES, GUARD_TIMEOUT_MS,
  type GuardAction, type GuardFallback, type GuardFallbackCause, type GuardFallbackReply, type GuardPolicy, type GuardResult, type GuardStep, type GuardTurnOptions,
} from './guard-turn.ts';
export { DEFAULT_SAFE_REPLY } from './safe-reply.ts';
export { certifies } from './certified.ts';
export { rulesGuardEngine, type GuardEngine } from './guard-engine.ts';
export { GuardInputError } from './guard-input-error.ts';
export { REANCHOR_PROMPT, REWRITE_PROMPT, type GuardPrompt } from './guard-prompts.ts';
export { mockToolRunner, type ToolRunner } from './tool-runner.ts';
export { reanchorTarget, type ReanchorStep, type ReanchorTarget } from './reanchor.ts';
export { UNREADABLE_POLICIES, DEFAULT_UNREADABLE_POLICY, type UnreadablePolicy } from './unreadable-policy.ts';
export { hybridGuardEngine, type HybridGuardEngine, type HybridGuardEngineOptions } from './hybrid-guard-engine.ts';
export { JudgeModelError } from './judge-model-error.ts';
export type { EngineCall, ModelJudgment } from './guard-engine.ts';
