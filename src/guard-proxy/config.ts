/**
 * The guard proxy's settings: flags over an optional YAML file over defaults, validated in one
 * place so the server never sees a half-read setting.
 */
import fs from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { decodeUtf8, describeNotUtf8 } from '../utf8-text.ts';

import { ON_ERROR_MODES, ON_FAIL_POLICIES, STREAM_MODES, type OnErrorMode, type OnFailPolicy, type StreamMode } from './modes.ts';

export { ON_ERROR_MODES, ON_FAIL_POLICIES, STREAM_MODES, type OnErrorMode, type OnFailPolicy, type StreamMode };

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
  ) {
    super(`${source}: ${field}: expected ${expected}, got ${got}`);
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
    timeoutMs: flags.timeoutMs ?? file.timeout_ms ?? DEFAULTS.timeoutMs,
    maxBodyBytes: flags.maxBodyBytes ?? file.max_body_bytes ?? DEFAULTS.maxBodyBytes,
  };
  const deployment = flags.deployment ?? file.deployment;
  if (deployment !== undefined) config.deployment = deployment;
  const auditLog = flags.auditLog ?? file.audit_log;
  if (auditLog !== undefined) config.auditLog = auditLog;
  return config;
}

/** The base URL without a trailing slash; only http(s). */
export function checkedUpstream(value: string, source = 'flags'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new GuardConfigError(source, 'upstream', 'an http(s) URL', JSON.stringify(value.slice(0, 60)));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardConfigError(source, 'upstream', 'an http(s) URL', url.protocol);
  return url.toString().replace(/\/+$/, '');
}

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
  let value: unknown;
  try {
    value = parseYaml(text) ?? {};
  } catch (error) {
    throw new GuardConfigError(file, '(file)', 'YAML', (error as Error).message.split('\n')[0]!);
  }
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new GuardConfigError(file, issue.path.join('.') || '(top level)', issue.message, JSON.stringify(pick(value, issue.path))?.slice(0, 60) ?? 'nothing');
  }
  return parsed.data;
}

function pick(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}
