/**
 * What to say about a run whose every model call failed (a server that rejected them all): it
 * holds nothing to label or report, and only redoing the calls helps. The command that started
 * the run is not stored (its configuration is), so the hint names the flag to add to it.
 */

export function noSuccessfulResponses(run: string, failed: number): string {
  return `run "${run}" has no successful responses: all ${failed} model calls failed`;
}

export function retryErrorsHint(run: string, db: string): string {
  return `redo them with the command that started the run and --retry-errors (felicity run … --name ${run} --db ${db} --retry-errors)`;
}

/** The number of failed responses when a run holds responses and every one failed, else undefined. */
export function allFailed(counts: { total: number; errors: number }): number | undefined {
  return counts.total > 0 && counts.errors === counts.total ? counts.errors : undefined;
}
