/** The guard proxy's choices, on their own so `felicity guard --help` loads no schema library. */
export const ON_FAIL_POLICIES = ['rewrite', 'reanchor', 'annotate', 'block'] as const;
export type OnFailPolicy = (typeof ON_FAIL_POLICIES)[number];
export const STREAM_MODES = ['buffer', 'audit'] as const;
export type StreamMode = (typeof STREAM_MODES)[number];
export const ON_ERROR_MODES = ['open', 'closed'] as const;
export type OnErrorMode = (typeof ON_ERROR_MODES)[number];
/** What labels replies: the rules alone, or the rules with a judge model for the replies they cannot read. */
export const GUARD_ENGINES = ['rules', 'hybrid'] as const;
export type GuardEngineKind = (typeof GUARD_ENGINES)[number];
export { UNREADABLE_POLICIES as ON_UNREADABLE_POLICIES, type UnreadablePolicy as OnUnreadablePolicy } from '../guard/unreadable-policy.ts';
