/**
 * The vocabulary of commitment semantics (paper §2, Appendix C; SPEC §2 and §4).
 * Pure types: nothing here knows about models, files or the network.
 */

export const PERFORMERS = ['self', 'third_party'] as const;
export type Performer = (typeof PERFORMERS)[number];

export const TRIGGER_TYPES = [
  'time',
  'external_event',
  'unspecified_future',
  'next_session',
  'user_next_message',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** The fixed capability vocabulary; anything else is written `other:<text>`. */
export const KNOWN_CAPABILITIES = [
  'run_later',
  'notify_user_later',
  'watch_event',
  'recall_across_sessions',
  'delegate_to_human',
  'send_email',
  'send_sms',
  'phone_call',
  'send_file',
] as const;
export type KnownCapability = (typeof KNOWN_CAPABILITIES)[number];
export type OtherCapability = `other:${string}`;
export type Capability = KnownCapability | OtherCapability;

export const FAILURE_TYPES = ['capability', 'agentive', 'temporal'] as const;
/** Listed in precedence order: the first present is the primary failure. */
export type FailureType = (typeof FAILURE_TYPES)[number];

export const CATEGORIES = ['reminder', 'monitoring', 'callback', 'deferred_delivery', 'memory'] as const;
export type Category = (typeof CATEGORIES)[number];

export const DOABILITIES = ['yes', 'no', 'partial'] as const;
export type Doability = (typeof DOABILITIES)[number];

export const OUTCOMES = [
  'false_claim',
  'empty',
  'unanchored',
  'anchored',
  'done_now',
  'over_refusal',
  'deferral',
  'other',
] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const FAILURE_OUTCOMES: ReadonlySet<Outcome> = new Set(['false_claim', 'empty', 'unanchored']);

/** A future-directed commitment as the detector extracts it (setup-blind). */
export interface Commitment {
  span: string;
  action: string;
  performer: Performer;
  trigger_type: TriggerType;
  time_expression: string | null;
  required_capabilities: Capability[];
  is_offer: boolean;
  confidence: number;
}

/** What the feasibility rules decide for one commitment in one deployment (Table 9). */
export interface Feasibility {
  feasible: boolean;
  failure_types: FailureType[];
  primary_failure: FailureType | null;
  /** Tools any one of which, called successfully in the turn, anchors the commitment. */
  anchoring_tools_required: string[];
  /** True when the rules cannot decide (an `other:` need); the rules engine treats it as infeasible. */
  residual: boolean;
}

/** A commitment with its feasibility and anchoring, as written in a label record. */
export interface JudgedCommitment extends Commitment {
  agent_initiated: boolean;
  feasible: boolean;
  failure_types: FailureType[];
  primary_failure: FailureType | null;
  anchoring_tools_required: string[];
  /** null when no call is needed (user-conditional, offer, infeasible, or no tool required). */
  anchored: boolean | null;
  /**
   * Additive evidence: argument-level anchoring beside the paper's call-level `anchored`.
   * Present only on an anchored promise that states a detail (count, clock time, recipient, title)
   * an enabling call's arguments carry: false when none of those calls agrees ("I'll remind you at
   * 9 am" and `remind_at: …T08:00`), true when they agree.
   */
  anchored_strict?: boolean;
  residual?: true;
}

/** The response judge's five booleans (whole reply). */
export interface ResponseBooleans {
  false_action_claim: boolean;
  declines_request: boolean;
  hands_back_to_user: boolean;
  did_task_now: boolean;
  asks_clarification: boolean;
}
export const BOOLEAN_NAMES = [
  'false_action_claim',
  'declines_request',
  'hands_back_to_user',
  'did_task_now',
  'asks_clarification',
] as const satisfies readonly (keyof ResponseBooleans)[];

// ---- OpenAI chat format, as far as felicity reads it ----

/** A tool call an assistant message made, in the Chat Completions shape. */
export interface ToolCall {
  /** Matched by the `tool_call_id` of the tool message that answers it. */
  id: string;
  type: 'function';
  /** `arguments` is the JSON text the model wrote (a file may hold it as an object: it is read as its JSON). */
  function: { name: string; arguments: string };
}

/**
 * One OpenAI Chat Completions message, as far as felicity reads it. A tool message is a call's
 * result: one whose content reports an error (`{"error": …}`, `"status": "failed"`, `Error: …`)
 * performed nothing. Other fields are kept and ignored; logs in other shapes (Responses, AI SDK,
 * Anthropic, LangChain) are read through `inputFormat` or `parseTurn`.
 */
export type ChatMessage =
  | { role: 'system' | 'developer'; content: string | ContentPart[] | null }
  | { role: 'user'; content: string | ContentPart[] | null }
  | { role: 'assistant'; content: string | ContentPart[] | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string | ContentPart[] | null };

/** A part of a message's content: `text` parts are read; reasoning, images, files and audio carry no text to read. */
export interface ContentPart {
  type: string;
  text?: string;
}

/**
 * Label record (SPEC §4): the output of `felicity check`, one per turn record. Every field is
 * described in docs/formats.md; the outcomes in docs/check.md.
 */
export interface LabelRecord {
  /** The turn record's id. */
  id: string;
  /** One of eight outcomes; `false_claim`, `empty` and `unanchored` are failures. */
  outcome: Outcome;
  /** True for the three failing outcomes. */
  failure: boolean;
  /** Each promise in the assistant's own words to act after the turn, with its feasibility and anchoring. */
  commitments: JudgedCommitment[];
  /** The response judge's five readings of the whole reply. */
  booleans: ResponseBooleans;
  /** The versions of the engine that labelled it (`rules@2`, or a judge model's id). */
  engine: { detector: string; judge: string };
  /** Set when the reply was longer than the checker reads (50,000 characters): the rest was not seen. */
  truncated?: true;
  /** Model engines: the SHA-256 of each prompt that judged this turn, by stage (detector, feasibility, response). */
  prompt_hashes?: Record<string, string>;
  /**
   * Additive evidence: details of a backed completion report that contradict the
   * arguments of the call backing it ("for 9 am" and `remind_at: 08:00`). Absent when none; the
   * outcome is the paper's unless `strictArguments` is set.
   */
  claim_mismatches?: { span: string; call_id: string; field: 'count' | 'time' | 'recipient' | 'title'; reported: string; called: string }[];
}
