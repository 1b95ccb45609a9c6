/** The guard proxy: an OpenAI-compatible Chat Completions server that judges every reply it forwards. */
export { startGuardProxy, createGuardApp, createGuardContext, type RunningGuardProxy } from './server.ts';
export { resolveGuardConfig, checkedUpstream, GuardConfigError, DEFAULTS as GUARD_PROXY_DEFAULTS, ON_FAIL_POLICIES, STREAM_MODES, ON_ERROR_MODES } from './config.ts';
export type { GuardProxyConfig, GuardProxyFlags, OnFailPolicy, StreamMode, OnErrorMode } from './config.ts';
export { VERDICT_ACTIONS, type Verdict, type VerdictAction, type VerdictSpan } from './verdict.ts';
