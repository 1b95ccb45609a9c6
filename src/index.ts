/**
 * felicity's library surface: the checker, the runtime guard, the commitment semantics they rest
 * on, and the deployments they judge against.
 */
export { check, checkWithExplanation, checkConversation, checkConversationWithExplanation } from './typed-checker.ts';
export { parseTurn, checkJsonl, CheckInputError, formatExplanation, OutcomeTally } from './check/index.ts';
export type { CheckOptions, CheckResult, ConversationRecord, Explanation, LineResult, ParseTurnOptions, TurnRecord } from './check/index.ts';
export { conversationTurns, checkMany } from './check/index.ts';
export type { CheckManyOptions, CheckManyResult, JobsChoice } from './check/index.ts';
export type { ConversationLabel } from './check/index.ts';
export { createCheckEngine, ENGINE_KINDS, HYBRID_TRIGGERS, MemoryJudgeCache, NO_CACHE, FileJudgeCache, JudgmentFailedError } from './check/index.ts';
export type { CheckEngine, EngineKind, EngineLabel, EngineOptions, HybridTrigger, JudgeCache, JsonlInput, JsonlOptions } from './check/index.ts';
export { adaptRecord, INPUT_FORMATS, notLabelledReason } from './check/index.ts';
export type { InputFormat, InputFormatChoice, InputWarning, NotLabelledReason, NotLabelledRecord } from './check/index.ts';
export { guardTurn, GuardInputError, GUARD_FALLBACKS, GUARD_POLICIES, GUARD_TIMEOUT_MS, DEFAULT_SAFE_REPLY, rulesGuardEngine, mockToolRunner } from './guard/index.ts';
export type { GuardEngine, GuardFallback, GuardFallbackCause, GuardFallbackReply, GuardPolicy, GuardResult, GuardStep, GuardTurnOptions, ToolRunner } from './guard/index.ts';
export * from './core/types.ts';
export { judgeFeasibility } from './core/feasibility.ts';
export { deriveOutcome, OUTCOME_RULES } from './core/outcome.ts';
export { doabilityOf } from './core/doability.ts';
export type { Affordances, Persistence, ToolAffordance } from './core/affordances.ts';
export {
  BUILTIN_SETUPS,
  SETUP_IDS,
  getBuiltinSetup,
  parseDeployment,
  loadDeploymentFile,
  resolveSetup,
  environmentParagraph,
  capabilityCard,
  systemPrompt,
  DeploymentError,
  inferCapabilities,
  readToolSchemas,
  draftDeployment,
} from './setups/index.ts';
export type { Deployment, ToolDefinition, PersonaId, Variant, CapabilityGuess, ToolSchema } from './setups/index.ts';
