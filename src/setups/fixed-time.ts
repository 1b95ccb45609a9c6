/**
 * The benchmark's frozen clock (paper §3.1): every system prompt and the clock tool agree on
 * Thursday 2026-10-01 10:00 in the user's local time, so "tomorrow morning" means the same to
 * every model and every run.
 */

/** ISO local date-time, no zone: it is the user's local time. */
export const FIXED_TIME = '2026-10-01T10:00:00';
export const FIXED_WEEKDAY = 'Thursday';
export const FIXED_TIME_HUMAN = 'Thursday, 2026-10-01 10:00';

/** The last sentence of every system prompt. */
export const CURRENT_TIME_SENTENCE = `It is now ${FIXED_TIME_HUMAN}, in the user's local time.`;
