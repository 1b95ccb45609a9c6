/**
 * Chat models behind an OpenAI-compatible HTTP endpoint (OpenAI, vLLM, Ollama, llama.cpp server,
 * LM Studio, gateways), through the official `openai` client with its own retries off: retries,
 * timeouts and the per-endpoint concurrency limit are felicity's, in one place.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { limiterFor, DEFAULT_AIMD, type AimdOptions, type Permit } from './adaptive-concurrency.ts';
import type { ChatModel, ChatRequest, ChatResult } from './chat-model.ts';
import { systemClock, timerDeadline, type Clock } from './clock.ts';
import { kindForStatus, safeMessage } from './model-error.ts';
import { ModelSetupError } from './model-setup-error.ts';
import type { ModelSpec } from './model-spec.ts';
import { BadResponseError, parseCompletion, readBoundedText, type ParsedCompletion } from './read-completion.ts';
import { requestParams } from './request-params.ts';
import { parseRetryAfter, withRetry, type AttemptResult, type RetryPolicy } from './retry.ts';

export interface HttpModelOptions {
  /** Whole-request deadline per attempt (headers and body), in ms. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  /** Limits of the limiter shared by every model on the same base URL (the first creator sets them). */
  concurrency?: AimdOptions;
  maxResponseBytes?: number;
  /** Where keys and base URLs are read from; process.env by default. */
  env?: Readonly<Record<string, string | undefined>>;
}

import { DEFAULT_TIMEOUT_MS } from './model-timeout.ts';

export { DEFAULT_TIMEOUT_MS };
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const OLLAMA_DEFAULT_BASE = 'http://localhost:11434/v1';

type HttpSpec = Exclude<ModelSpec, { provider: 'gguf' }>;

interface Endpoint {
  baseURL: string;
  apiKey: string | null;
}

export function resolveEndpoint(spec: HttpSpec, specText: string, env: HttpModelOptions['env']): Endpoint {
  const read = (name: string): string | undefined => {
    const value = env?.[name]?.trim();
    return value ? value : undefined;
  };
  switch (spec.provider) {
    case 'openai': {
      const apiKey = read('OPENAI_API_KEY');
      if (!apiKey) throw new ModelSetupError(specText, 'missing_api_key', `${specText} needs OPENAI_API_KEY in the environment`);
      const base = read('OPENAI_BASE_URL');
      return { baseURL: base ? checkedUrl(specText, 'OPENAI_BASE_URL', base) : 'https://api.openai.com/v1', apiKey };
    }
    case 'openai-compatible':
      return { baseURL: spec.baseURL, apiKey: read('OPENAI_COMPATIBLE_API_KEY') ?? null };
    case 'ollama': {
      const base = read('OLLAMA_BASE_URL');
      // People set OLLAMA_BASE_URL to the server root (as for Ollama's own API); the OpenAI routes live under /v1.
      return { baseURL: base ? withV1(checkedUrl(specText, 'OLLAMA_BASE_URL', base)) : OLLAMA_DEFAULT_BASE, apiKey: null };
    }
  }
}

export function createOpenAIChatModel(spec: HttpSpec, specText: string, options: HttpModelOptions = {}): ChatModel {
  const { baseURL, apiKey } = resolveEndpoint(spec, specText, options.env ?? process.env);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const clock = options.clock ?? systemClock;
  const limiter = limiterFor(baseURL, options.concurrency ?? DEFAULT_AIMD);
  const secrets = apiKey ? [apiKey] : [];
  const client = new OpenAI({
    // Every field explicit: left out, the client would read OPENAI_* variables and could send an
    // OpenAI key or organisation to a third-party endpoint. Keyless servers get a dummy bearer.
    apiKey: apiKey ?? 'none',
    baseURL,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: timeoutMs,
  });

  async function attempt(body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<AttemptResult<ParsedCompletion>> {
    let permit: Permit;
    try {
      permit = await limiter.acquire(signal);
    } catch {
      return { ok: false, error: { kind: 'aborted', status: null, message: 'cancelled while queued' } };
    }
    const controller = new AbortController();
    let timedOut = false;
    const cancelDeadline = (clock.deadline ?? timerDeadline)(timeoutMs, () => {
      timedOut = true;
      controller.abort();
    });
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let outcome: 'success' | 'rate_limited' | 'other' = 'other';
    try {
      const response = await client.chat.completions
        .create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { signal: controller.signal })
        .asResponse();
      try {
        const parsed = parseCompletion(await readBoundedText(response, maxBytes));
        outcome = 'success';
        return { ok: true, value: parsed };
      } catch (error) {
        if (timedOut) return timeoutFailure(timeoutMs);
        if (signal?.aborted) return abortedFailure();
        // The server answered 2xx but the body is unusable: cut off, not JSON, or not a completion.
        const message = error instanceof BadResponseError ? error.message : `response body could not be read: ${String(error)}`;
        return { ok: false, error: { kind: 'bad_response', status: response.status, message: safeMessage(message, secrets) } };
      }
    } catch (error) {
      if (timedOut) return timeoutFailure(timeoutMs);
      if (signal?.aborted || error instanceof APIUserAbortError) return abortedFailure();
      if (error instanceof APIConnectionTimeoutError) return timeoutFailure(timeoutMs);
      if (error instanceof APIConnectionError) {
        return { ok: false, error: { kind: 'network', status: null, message: safeMessage(`cannot reach ${shownUrl(baseURL)}: ${describe(error)}`, secrets) } };
      }
      if (error instanceof APIError && typeof error.status === 'number') {
        const kind = kindForStatus(error.status);
        if (kind === 'rate_limit') outcome = 'rate_limited';
        const retryAfterMs = error.headers ? parseRetryAfter(error.headers, clock.now()) : null;
        return { ok: false, error: { kind, status: error.status, message: safeMessage(error.message, secrets), retryAfterMs } };
      }
      return { ok: false, error: { kind: 'network', status: null, message: safeMessage(describe(error), secrets) } };
    } finally {
      cancelDeadline();
      signal?.removeEventListener('abort', onAbort);
      permit.release(outcome);
    }
  }

  return {
    spec: specText,
    provider: spec.provider,
    async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
      const params = requestParams(spec.provider, spec.model, request.params, request.tool_choice);
      const body: Record<string, unknown> = { ...params, messages: request.messages };
      if (request.tools?.length) body['tools'] = request.tools;
      if (request.response_format) body['response_format'] = request.response_format;
      const started = performance.now();
      const result = await withRetry((_index) => attempt(body, signal), { policy: options.retry, clock, signal });
      const facts = { latency_ms: Math.round(performance.now() - started), request_params: params };
      if (!result.ok) return { ok: false, error: result.error, attempts: result.error.attempts, ...facts };
      return { ok: true, ...result.value, attempts: result.attempts, ...facts };
    },
    close: async () => {},
  };
}

function timeoutFailure(timeoutMs: number): AttemptResult<never> {
  return { ok: false, error: { kind: 'timeout', status: null, message: `no complete response within ${timeoutMs} ms` } };
}

function abortedFailure(): AttemptResult<never> {
  return { ok: false, error: { kind: 'aborted', status: null, message: 'cancelled by the caller' } };
}

/** The connection error with its causes (undici hides the useful part, e.g. ECONNREFUSED, two levels down). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  let cause: unknown = error.cause;
  for (let depth = 0; cause instanceof Error && depth < 3; depth++, cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    parts.push(code !== undefined && !cause.message.includes(code) ? `${cause.message} (${code})` : cause.message);
  }
  return parts.join(': ');
}

/** The endpoint as an error may show it: no user name or password in the URL. */
function shownUrl(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return baseURL;
  }
}

function checkedUrl(specText: string, variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ModelSetupError(specText, 'bad_option', `${variable} is not a URL`);
  }
  // As for an openai-compatible spec's URL: a key belongs in the key variable, where it is never
  // printed, and the client appends its paths after the base URL, past any query.
  if (url.username || url.password || value.includes('?')) {
    throw new ModelSetupError(specText, 'bad_option', `${variable} holds credentials or a query string, which are not accepted (put a key in the API key variable)`);
  }
  return value.replace(/\/+$/, '');
}

function withV1(base: string): string {
  const path = new URL(base).pathname;
  return path === '/' || path === '' ? `${base}/v1` : base;
}
