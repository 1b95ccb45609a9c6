/**
 * A deployment as users write it (JSON or YAML) and as the built-in setups C0–C4 are defined:
 * tools with schemas, descriptions, capability tags and deterministic mocked results, plus the
 * four persistence properties. It is a superset of the core's `Affordances`.
 */
import type { Affordances, Persistence } from '../core/affordances.ts';
import type { Capability } from '../core/types.ts';

export const PERSONA_IDS = ['generic', 'support'] as const;
export type PersonaId = (typeof PERSONA_IDS)[number];

export const VARIANTS = ['inferred', 'stated'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * How a tool answers when mocked. `result` is returned as JSON, with every string of the exact
 * form "{{args.NAME}}" replaced by that argument's value (or null when absent); `builtin` names a
 * computed mock (`calculator` evaluates arithmetic safely, `clock` returns the fixed time).
 */
export type MockSpec = { result: unknown } | { builtin: 'calculator' | 'clock' };

export interface ToolDefinition {
  name: string;
  /** What the tool does (never when to use it). */
  description: string;
  /** JSON Schema of the arguments (an object schema), as sent in OpenAI function calling. */
  parameters: Record<string, unknown>;
  /** Capabilities the tool provides; empty for tools that give no persistence (a clock). */
  capabilities: Capability[];
  /**
   * What a successful call performs now, as "verb object" phrases ("add checked bags"); claims in
   * replies are checked against them. Read from the name and description when absent.
   */
  performs?: string[];
  /**
   * Acts that depend on the value of one argument: `{argument: domain, values: {lock: [unlock lock]}}`
   * says a call with `domain: "lock"` unlocks a lock (and performs nothing of `performs`). Read from
   * the description ("for locks it unlocks them") when absent.
   */
  performs_by_argument?: { argument: string; values: Record<string, string[]> };
  /** Offered only to these personas (lookup_account: support); all personas when absent. */
  personas?: PersonaId[];
  mock?: MockSpec;
}

export interface Deployment extends Affordances {
  id: string;
  /** One line saying what this deployment is, for listings and reports. */
  title?: string;
  tools: ToolDefinition[];
  persistence: Persistence;
  /**
   * The users' time zone, an IANA name ("Europe/Paris", "UTC"). A reported clock time ("for 9 am")
   * is compared with a call's ISO datetime that carries an offset or `Z` in this zone; without it,
   * times are compared as written.
   */
  timezone?: string;
}
