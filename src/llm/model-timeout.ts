/** How long one model request may take before it is given up (and retried), unless a caller says otherwise. */
export const DEFAULT_TIMEOUT_MS = 120_000;
