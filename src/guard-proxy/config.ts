/**
 * The guard proxy's settings: flags over an optional YAML file over defaults, validated in one
 * place so the server never sees a half-read setting.
 */
import fs from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { lineOf } from '../yaml-lines.ts';
import { z } from 'zod';
import { decodeUtf8, describeNotUtf8 } from '../utf8-text.ts';

import { didYouMean } from '../core/did-you-mean.ts';
import { GUARD_ENGINES, ON_ERROR_MODES, ON_FAIL_POLICIES, ON_UNREADABLE_POLICIES, STREAM_MODES, type GuardEngineKind, type OnErrorMode, type OnFailPolicy, type OnUnreadablePolicy, type StreamMode } from './modes.ts';

export { GUARD_ENGINES, ON_ERROR_MODES, ON_FAIL_POLICIES, ON_UNREADABLE_POLICIES, STREAM_MODES, type GuardEngineKind, type OnErrorMode, type OnFailPolicy, type OnUnreadablePolicy, type StreamMode };

export interface GuardProxyConfig {
  /** The OpenAI-compatible base URL replies come from, e.g. http://127.0.0.1:8000/v1. */
  upstream: string;
  port: number;
  host: string;
  /** A deployment file; without one the deployment is inferred per request from its `tools`. */
  deployment?: string;
  /** Capability tags per tool name, used when inferring (a name here is never "unknown"). */
  toolCapabilities: Record<string, string[]>;
  onFail: OnFailPolicy;
  stream: StreamMode;
  onError: OnErrorMode;
  /** A reply the rules cannot read (not English, no text): never certified; passed, annotated (default) or blocked. */
  onUnreadable: OnUnreadablePolicy;
  /** `rules`, or `hybrid`: the judge model labels the replies the rules cannot read (not English). */
  engine: GuardEngineKind;
  /** The judge model's spec (`openai:gpt-4o-mini`, `ollama:qwen3:8b`); with `engine: hybrid` only. */
  judgeModel?: string;
  /** Deadline for each upstream request (and for a rewrite or re-anchoring call), in ms. */
  timeoutMs: number;
  maxBodyBytes: number;
  auditLog?: string;
}

export const DEFAULTS = {
  port: 8787,
  host: '127.0.0.1',
  toolCapabilities: {},
  onFail: 'rewrite',
  stream: 'buffer',
  onError: 'open',
  onUnreadable: 'annotate',
  engine: 'rules',
  timeoutMs: 60_000,
  maxBodyBytes: 4 * 1024 * 1024,
} as const satisfies Partial<GuardProxyConfig>;

const positiveInt = z.number().int().positive();
const fileSchema = z
  .object({
    upstream: z.string().url().optional(),
    port: z.number().int().min(0).max(65_535).optional(),
    host: z.string().min(1).optional(),
    deployment: z.string().min(1).optional(),
    tool_capabilities: z.record(z.string(), z.array(z.string())).optional(),
    on_fail: z.enum(ON_FAIL_POLICIES).optional(),
    stream: z.enum(STREAM_MODES).optional(),
    on_error: z.enum(ON_ERROR_MODES).optional(),
    on_unreadable: z.enum(ON_UNREADABLE_POLICIES).optional(),
    engine: z.enum(GUARD_ENGINES).optional(),
    judge_model: z.string().min(1).optional(),
    timeout_ms: positiveInt.optional(),
    max_body_bytes: positiveInt.optional(),
    audit_log: z.string().min(1).optional(),
  })
  .strict();

/** A setting that could not be used: where it came from, which field, what was expected and got. */
export class GuardConfigError extends Error {
  constructor(
    readonly source: string,
    readonly field: string,
    readonly expected: string,
    readonly got: string,
    readonly line: number | null = null,
  ) {
    super(`${line === null ? source : `${source}:${line}`}: ${field}: expected ${expected}, got ${got}`);
    this.name = 'GuardConfigError';
  }
}

export type GuardProxyFlags = Partial<Omit<GuardProxyConfig, 'toolCapabilities'>> & { config?: string };

/** Reads the YAML file (when named), lays the flags over it and checks the result. */
export async function resolveGuardConfig(flags: GuardProxyFlags): Promise<GuardProxyConfig> {
  const file = flags.config === undefined ? {} : await readConfigFile(flags.config);
  const upstream = flags.upstream ?? file.upstream;
  if (upstream === undefined) throw new GuardConfigError('flags', 'upstream', 'an OpenAI-compatible base URL (--upstream or upstream: in the config file)', 'nothing');
  const config: GuardProxyConfig = {
    upstream: checkedUpstream(upstream, flags.upstream !== undefined || flags.config === undefined ? 'flags' : flags.config),
    port: flags.port ?? file.port ?? DEFAULTS.port,
    host: flags.host ?? file.host ?? DEFAULTS.host,
    toolCapabilities: file.tool_capabilities ?? {},
    onFail: flags.onFail ?? file.on_fail ?? DEFAULTS.onFail,
    stream: flags.stream ?? file.stream ?? DEFAULTS.stream,
    onError: flags.onError ?? file.on_error ?? DEFAULTS.onError,
    onUnreadable: flags.onUnreadable ?? file.on_unreadable ?? DEFAULTS.onUnreadable,
    engine: flags.engine ?? file.engine ?? DEFAULTS.engine,
    timeoutMs: flags.timeoutMs ?? file.timeout_ms ?? DEFAULTS.timeoutMs,
    maxBodyBytes: flags.maxBodyBytes ?? file.max_body_bytes ?? DEFAULTS.maxBodyBytes,
  };
  const deployment = flags.deployment ?? file.deployment;
  if (deployment !== undefined) config.deployment = deployment;
  const auditLog = flags.auditLog ?? file.audit_log;
  if (auditLog !== undefined) config.auditLog = auditLog;
  const judgeModel = flags.judgeModel ?? file.judge_model;
  const source = (flag: unknown) => (flag !== undefined || flags.config === undefined ? 'flags' : flags.config);
  if (config.engine === 'hybrid' && judgeModel === undefined) throw new GuardConfigError(source(flags.engine), 'judge_model', 'a judge model spec for engine hybrid (--judge-model or judge_model: in the config file), e.g. ollama:qwen3:8b', 'nothing');
  if (config.engine === 'rules' && judgeModel !== undefined) throw new GuardConfigError(source(flags.judgeModel), 'engine', 'hybrid when a judge model is given (--engine hybrid or engine: hybrid)', 'rules');
  if (judgeModel !== undefined) config.judgeModel = judgeModel;
  return config;
}

/** The base URL without a trailing slash; only http(s). */
export function checkedUpstream(value: string, source = 'flags'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new GuardConfigError(source, 'upstream', 'an http(s) URL such as http://127.0.0.1:8000/v1', shown(value));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardConfigError(source, 'upstream', 'an http(s) URL such as http://127.0.0.1:8000/v1', shown(value));
  return url.toString().replace(/\/+$/, '');
}

/** A value as the user wrote it, whole (bounded only against a runaway file). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 1_000 ? `${text.slice(0, 1_000)}…` : text;
}

/** Reads the settings file as felicity.yaml is read: YAML errors and unknown keys by line, with a did-you-mean. */
async function readConfigFile(file: string): Promise<z.infer<typeof fileSchema>> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw new GuardConfigError(file, '(file)', 'a readable YAML file', (error as NodeJS.ErrnoException).code ?? String(error));
  }
  const decoded = decodeUtf8(bytes);
  if ('bad' in decoded) throw new GuardConfigError(file, '(file)', 'UTF-8 text', describeNotUtf8(decoded.bad).replace(/; save.*/, ''));
  const text = decoded.text;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const error = doc.errors[0];
  if (error !== undefined) throw new GuardConfigError(file, '(file)', 'YAML', error.message.split('\n')[0]!, error.linePos?.[0]?.line ?? null);
  let value: unknown;
  try {
    value = doc.toJS() ?? {};
  } catch (failure) {
    // An alias bomb is stopped by the YAML reader; it is a bad file, said in one line.
    throw new GuardConfigError(file, '(file)', 'YAML without runaway aliases', (failure as Error).message.split('\n')[0]!);
  }
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') {
      const key = issue.keys[0]!;
      const path = [...issue.path, key].join('.');
      throw new GuardConfigError(file, path, `a known setting (${Object.keys(fileSchema.shape).join(', ')})${didYouMean(key, Object.keys(fileSchema.shape)).replace(/^ \(/, '; ').replace(/\)$/, '')}`, shown(key), lineOf(doc.contents, issue.path, key, lines));
    }
    const where = issue.path.join('.') || '(top level)';
    throw new GuardConfigError(file, where, issue.message, shown(pick(value, issue.path)), lineOf(doc.contents, issue.path, undefined, lines));
  }
  return parsed.data;
}

function pick(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}
