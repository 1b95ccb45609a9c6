/**
 * The response record (SPEC §4): one model response in one condition, as exported from a run.
 * It is a valid turn record as it stands (`setup` is the built-in id or the user's deployment
 * itself, `messages` the OpenAI chat format), so `felicity check` takes an export directly.
 */
import type { ChatMessage } from '../core/types.ts';
import type { Deployment } from '../setups/deployment.ts';
import type { ResponseRow } from '../store/index.ts';

export interface ResponseRecord {
  id: string;
  run: string;
  request: string;
  model: string;
  setup: string | Deployment;
  variant: string;
  persona: string;
  fix: string;
  sample: number;
  category: string;
  messages: ChatMessage[];
  usage: Record<string, unknown> | null;
  latency_ms: number | null;
  error?: string;
}

/** Field order of the record, also the CSV header. */
export const RESPONSE_FIELDS = [
  'id',
  'run',
  'request',
  'model',
  'setup',
  'variant',
  'persona',
  'fix',
  'sample',
  'category',
  'messages',
  'usage',
  'latency_ms',
  'error',
] as const satisfies readonly (keyof ResponseRecord)[];

/** @param deployment the user's deployment the response ran in; absent for a built-in setup. */
export function toResponseRecord(run: string, row: ResponseRow, deployment?: Deployment): ResponseRecord {
  const record: ResponseRecord = {
    id: row.response_id,
    run,
    request: row.request_id,
    model: row.model,
    setup: deployment ?? row.setup,
    variant: row.variant,
    persona: row.persona,
    fix: row.fix,
    sample: row.sample,
    category: row.category,
    messages: row.messages,
    usage: row.usage,
    latency_ms: row.latency_ms,
  };
  if (row.error !== null) record.error = row.error;
  return record;
}
