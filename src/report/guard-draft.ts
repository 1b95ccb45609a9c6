/**
 * What a guarded fix arm (guard, reanchor) did to a response, for the report's list: the draft
 * the model wrote, that draft's label, what the guard did and why. Read from the stored fix
 * steps, which are JSON from a run: every field is checked, nothing is assumed.
 */

export interface GuardDraft {
  /** What produced the reply sent: none (the draft passed), rewrite, reanchor, … */
  action: string;
  /** The guard's one-sentence account of what it found and did. */
  reason: string;
  /** The model's own reply before the guard acted. */
  draft: string;
  /** The draft's outcome label, when recorded. */
  draftOutcome: string | null;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The guard's draft from a fix-steps record (`steps` of FixStepsRow), or undefined when it holds none. */
export function guardDraftOf(action: string, steps: Record<string, unknown>): GuardDraft | undefined {
  const list = Array.isArray(steps.steps) ? (steps.steps as unknown[]) : [];
  const first = list.find((s): s is Record<string, unknown> => s !== null && typeof s === 'object' && (s as Record<string, unknown>).kind === 'draft');
  const draft = text(first?.reply);
  if (draft === undefined) return undefined;
  const label = first?.label;
  const outcome = label !== null && typeof label === 'object' ? text((label as Record<string, unknown>).outcome) : undefined;
  return { action, reason: text(steps.reason) ?? '', draft, draftOutcome: outcome ?? text(steps.before) ?? null };
}
