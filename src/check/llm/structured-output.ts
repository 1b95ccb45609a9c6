/**
 * One judgment as a JSON object a schema allows. The output is constrained where the server
 * supports it (`response_format: json_schema`); a server that rejects that is asked again in JSON
 * mode with the schema in the prompt (and, if it rejects JSON mode too, with the schema in the
 * prompt alone), and what it accepted is remembered per model. The answer is validated; an invalid
 * one is shown its error and repaired once; after that the judgment is failed — never defaulted.
 *
 * Transport retries are the llm layer's (src/llm/retry.ts); nothing here retries a failed call.
 */
import { addUsage, ZERO_USAGE, type ChatModel, type SamplingParams, type Usage } from '../../llm/chat-model.ts';
import type { ChatMessage } from '../../core/types.ts';
import type { StageSchema } from './schemas.ts';

export const OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export type JudgmentFailureReason = 'invalid_json' | 'schema_violation' | 'model_error';

export interface JudgmentFailure {
  reason: JudgmentFailureReason;
  message: string;
  /** The model's last answer, bounded; null when no answer came. */
  raw: string | null;
}

export type StructuredResult<T> =
  | { ok: true; value: T; usage: Usage; calls: number; mode: OutputMode }
  | { ok: false; failure: JudgmentFailure; usage: Usage; calls: number; mode: OutputMode };

export interface StructuredRequest<T> {
  system: string;
  user: string;
  schema: StageSchema<T>;
  params?: SamplingParams;
  signal?: AbortSignal;
}

const MAX_RAW = 2_000;
const MAX_ANSWER_CHARS = 200_000;
/** The first mode each model is asked in; lowered when its server refuses a mode. */
const modeOf = new WeakMap<ChatModel, OutputMode>();

export async function askForJson<T>(model: ChatModel, request: StructuredRequest<T>): Promise<StructuredResult<T>> {
  let usage = ZERO_USAGE;
  let calls = 0;
  let mode = modeOf.get(model) ?? 'json_schema';
  let messages = baseMessages(request, mode);
  for (let repaired = false; ; ) {
    const result = await model.complete(
      { messages, params: request.params, ...(mode === 'prompt' ? {} : { response_format: responseFormat(mode, request.schema) }) },
      request.signal,
    );
    calls++;
    if (!result.ok) {
      const lower = mode !== 'prompt' && result.error.kind === 'bad_request' && refusesFormat(result.error.message) ? lowerMode(mode) : null;
      if (lower !== null) {
        modeOf.set(model, (mode = lower));
        messages = baseMessages(request, mode);
        continue;
      }
      const { kind, status, attempts, message } = result.error;
      const failure = { reason: 'model_error' as const, message: `${kind}${status ? ` (HTTP ${status})` : ''} after ${attempts} attempt(s): ${message}`, raw: null };
      return { ok: false, failure, usage, calls, mode };
    }
    usage = addUsage(usage, result.usage);
    const raw = (result.message.content ?? '').slice(0, MAX_ANSWER_CHARS);
    const checked = validate(raw, request.schema);
    if (checked.ok) return { ok: true, value: checked.value, usage, calls, mode };
    if (repaired) return { ok: false, failure: { ...checked.failure, raw: raw.slice(0, MAX_RAW) }, usage, calls, mode };
    repaired = true;
    messages = [
      ...messages,
      { role: 'assistant', content: raw.slice(0, MAX_RAW * 4) },
      {
        role: 'user',
        content: `That answer cannot be used: ${checked.failure.message}\nSend the whole answer again as one JSON object that follows the schema, and nothing else.`,
      },
    ];
  }
}

function baseMessages<T>(request: StructuredRequest<T>, mode: OutputMode): ChatMessage[] {
  // Without server-side constraints the schema travels in the prompt.
  const system =
    mode === 'json_schema'
      ? request.system
      : `${request.system.trimEnd()}\n\nThe answer must be a single JSON object valid against this JSON Schema:\n${JSON.stringify(request.schema.json)}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: request.user },
  ];
}

function responseFormat<T>(mode: Exclude<OutputMode, 'prompt'>, schema: StageSchema<T>): Record<string, unknown> {
  if (mode === 'json_object') return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: schema.name, schema: schema.json, strict: true } };
}

function lowerMode(mode: OutputMode): OutputMode | null {
  return OUTPUT_MODES[OUTPUT_MODES.indexOf(mode) + 1] ?? null;
}

/** A 4xx whose message is about the requested output format (vLLM, Ollama, gateways word it differently). */
function refusesFormat(message: string): boolean {
  return /response_format|json_schema|json_object|structured output|guided|grammar|schema/i.test(message);
}

type Checked<T> = { ok: true; value: T } | { ok: false; failure: Omit<JudgmentFailure, 'raw'> };

export function validate<T>(raw: string, schema: StageSchema<T>): Checked<T> {
  const text = jsonText(raw);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, failure: { reason: 'invalid_json', message: `not valid JSON (${(error as Error).message})` } };
  }
  const parsed = schema.zod.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : '(answer)'}: ${i.message}`);
  return { ok: false, failure: { reason: 'schema_violation', message: `does not follow the schema: ${issues.join('; ')}` } };
}

/** The JSON inside an answer: reasoning blocks and Markdown fences that some models add are dropped. */
function jsonText(raw: string): string {
  const text = raw.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  return fenced ? fenced[1]! : text;
}
