export { check, checkWithExplanation, type CheckOptions, type CheckResult } from './check.ts';
export { CheckInputError } from './check-input-error.ts';
export { formatExplanation, type Explanation } from './explanation.ts';
export type { TurnRecord } from './turn-record.ts';
export { checkJsonl, OutcomeTally, type LineResult } from './check-jsonl.ts';
export { checkConversation, checkConversationWithExplanation, conversationTurns, type ConversationLabel } from './conversations.ts';
