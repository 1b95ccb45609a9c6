/**
 * The turn record (SPEC §4): the input of `felicity check`. Unknown fields are kept and ignored.
 */
import type { Category, ChatMessage, Doability } from '../core/types.ts';
import type { PersonaId } from '../setups/deployment.ts';

export interface TurnRecord {
  id: string;
  /** A built-in setup id (C0…C4) or a deployment object. */
  setup?: string | Record<string, unknown>;
  persona?: PersonaId;
  category?: Category;
  doable?: Doability;
  /** Accepted as a synonym of `doable` (the labelled examples use it). */
  doable_override?: Doability;
  messages: ChatMessage[];
  [field: string]: unknown;
}
