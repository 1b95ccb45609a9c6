/**
 * A model call that failed after its retries, as data: recorded on the response, never thrown
 * through a batch. It carries facts (kind, HTTP status, a bounded message) and never a secret.
 */

export const MODEL_ERROR_KINDS = [
  'timeout',
  'rate_limit',
  'server',
  'network',
  'bad_response',
  'auth',
  'bad_request',
  /** The caller cancelled (Ctrl-C, a runner shutting down): not the model's fault, never retried. */
  'aborted',
] as const;
export type ModelErrorKind = (typeof MODEL_ERROR_KINDS)[number];

export interface ModelError {
  kind: ModelErrorKind;
  /** HTTP status when the server answered, else null. */
  status: number | null;
  message: string;
  /** Attempts made, the first included. */
  attempts: number;
}

/**
 * What retrying can fix: load and transport problems. A 2xx body that cannot be read as a chat
 * completion (cut off, not JSON, wrong shape) is counted with them: in practice it is a gateway or
 * server hiccup, and a second identical request usually succeeds.
 */
const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(['timeout', 'rate_limit', 'server', 'network', 'bad_response']);

export function isRetryable(kind: ModelErrorKind): boolean {
  return RETRYABLE.has(kind);
}

export function kindForStatus(status: number): ModelErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'bad_request';
}

const MAX_MESSAGE_CHARS = 300;

/**
 * Bound a message from a server or library and scrub anything that looks like a key: servers
 * echo (partly masked) keys in 401 bodies, and these messages end up in stored records.
 */
export function safeMessage(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  out = out
    .replace(/\b(sk|pk|rk|key|api|tok)[-_][A-Za-z0-9_*.-]{6,}/gi, '[redacted]')
    .replace(/\bBearer\s+\S+/gi, 'Bearer [redacted]')
    .replace(/(\/\/)[^/@\s]*@/g, '$1***@')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_MESSAGE_CHARS ? `${out.slice(0, MAX_MESSAGE_CHARS)}…` : out;
}
