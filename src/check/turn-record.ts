/**
 * The turn record (SPEC §4): the input of `felicity check`. Unknown fields are kept and ignored.
 */
import type { Category, ChatMessage, Doability } from '../core/types.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';

/**
 * One agent turn to label: OpenAI chat messages up to and including the assistant's reply. The
 * turn is everything after the last user message (the assistant's text, its tool calls and their
 * results); earlier messages are context. Fields felicity does not know are kept and ignored.
 */
export interface TurnRecord {
  /** Copied to the label record. A file's record without one is labelled `line-N`. */
  id: string;
  /**
   * The deployment the turn ran in: a built-in setup id (`C0`…`C4`), a `Deployment` (as
   * `loadDeploymentFile` or `parseDeployment` return it), or a deployment object as written in a
   * file (validated when the turn is checked). Without it, `CheckOptions.setup` applies.
   */
  setup?: string | Deployment | Record<string, unknown>;
  /** `generic` (default) or `support`. */
  persona?: PersonaId;
  /** The request's category; with `doable` it tells a deferral from an over-refusal. */
  category?: Category;
  /** Whether the deployment could serve the request; derived from the tags when left out. */
  doable?: Doability;
  /** Accepted as a synonym of `doable` (the labelled examples use it). */
  doable_override?: Doability;
  messages: ChatMessage[];
  [field: string]: unknown;
}

/** A whole conversation (`checkConversation`): messages holding every turn, from the system prompt on. */
export interface ConversationRecord {
  /** Each turn's label carries it as `conversation`, and the id `<id>-t<turn>`. */
  id?: string;
  setup?: TurnRecord['setup'];
  persona?: PersonaId;
  messages: ChatMessage[];
  [field: string]: unknown;
}
