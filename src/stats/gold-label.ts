/**
 * Human labels in the LABELING.md item format: a turn record with a `gold` field holding the
 * commitments, the five booleans and the outcome. Parsing is checked field by field, so a bad item
 * is one error naming its field; `anchored` on a gold commitment is optional (the shipped examples
 * leave it out; anchoring agreement is then reported as not measured).
 */
import { BOOLEAN_NAMES, OUTCOMES, PERFORMERS, TRIGGER_TYPES, type Outcome, type Performer, type ResponseBooleans, type TriggerType } from '../core/types.ts';

export interface GoldCommitment {
  span: string;
  performer: Performer;
  trigger_type: TriggerType;
  required_capabilities: string[];
  is_offer: boolean;
  feasible: boolean;
  failure_types: string[];
  anchored?: boolean | null;
}

export interface GoldLabel {
  outcome: Outcome;
  booleans: ResponseBooleans;
  commitments: GoldCommitment[];
}

export interface GoldItem {
  id: string;
  setup: string;
  /** The model that wrote the reply, when the item says (real logs do); else "(unknown)". */
  model: string;
  gold: GoldLabel;
  /** The whole item, a turn record for the engines. */
  record: Record<string, unknown>;
  /** Line in the file it came from, when read from one. */
  line?: number;
}

export class GoldFormatError extends Error {
  override readonly name = 'GoldFormatError';
  readonly code = 'gold_format';
  constructor(
    readonly field: string,
    readonly expected: string,
    readonly got: string,
  ) {
    super(`${field}: expected ${expected}, got ${got}`);
  }

  static isInstance(error: unknown): error is GoldFormatError {
    return error instanceof Error && error.name === 'GoldFormatError' && (error as { code?: unknown }).code === 'gold_format';
  }
}

export function parseGoldItem(value: unknown): GoldItem {
  const item = object(value, '(item)');
  const gold = object(item['gold'], 'gold');
  const outcome = oneOf(gold['outcome'], 'gold.outcome', OUTCOMES);
  const rawBooleans = object(gold['booleans'], 'gold.booleans');
  const booleans = Object.fromEntries(BOOLEAN_NAMES.map((name) => [name, bool(rawBooleans[name], `gold.booleans.${name}`)])) as unknown as ResponseBooleans;
  const list = gold['commitments'];
  if (!Array.isArray(list)) throw new GoldFormatError('gold.commitments', 'a list', show(list));
  const commitments = list.map((raw, i): GoldCommitment => {
    const field = `gold.commitments[${i}]`;
    const c = object(raw, field);
    const out: GoldCommitment = {
      span: text(c['span'], `${field}.span`),
      performer: oneOf(c['performer'], `${field}.performer`, PERFORMERS),
      trigger_type: oneOf(c['trigger_type'], `${field}.trigger_type`, TRIGGER_TYPES),
      required_capabilities: strings(c['required_capabilities'], `${field}.required_capabilities`),
      is_offer: bool(c['is_offer'], `${field}.is_offer`),
      feasible: bool(c['feasible'], `${field}.feasible`),
      failure_types: strings(c['failure_types'] ?? [], `${field}.failure_types`),
    };
    if (c['anchored'] !== undefined) out.anchored = c['anchored'] === null ? null : bool(c['anchored'], `${field}.anchored`);
    return out;
  });
  const id = item['id'];
  if (typeof id !== 'string' && typeof id !== 'number') throw new GoldFormatError('id', 'a string', show(id));
  const setup = typeof item['setup'] === 'string' ? item['setup'] : typeof item['setup'] === 'object' && item['setup'] !== null ? String((item['setup'] as { id?: unknown }).id ?? 'custom') : '(none)';
  return { id: String(id), setup, model: typeof item['model'] === 'string' ? item['model'] : '(unknown)', gold: { outcome, booleans, commitments }, record: item };
}

/** Agent-initiated as the core defines it: not waiting for the user's next message, not an offer. */
export function goldAgentInitiated(c: Pick<GoldCommitment, 'trigger_type' | 'is_offer'>): boolean {
  return c.trigger_type !== 'user_next_message' && !c.is_offer;
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new GoldFormatError(field, 'an object', show(value));
  return value as Record<string, unknown>;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new GoldFormatError(field, allowed.join('|'), show(value));
  return value as T;
}

function bool(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new GoldFormatError(field, 'true or false', show(value));
  return value;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new GoldFormatError(field, 'a non-empty string', show(value));
  return value;
}

function strings(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new GoldFormatError(field, 'a list of strings', show(value));
  return value as string[];
}

function show(value: unknown): string {
  const out = value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value);
  return out.length > 60 ? `${out.slice(0, 57)}...` : out;
}
