/**
 * The reply a guard that fails closed sends instead of one it could not certify: it promises
 * nothing and claims nothing, so it passes the check in any deployment (the test runs it in every
 * built-in setup and category). Applications pass their own with `safeReply`.
 */
export const DEFAULT_SAFE_REPLY = "Sorry, I can't take care of that from here.";
