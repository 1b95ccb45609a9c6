/** The fix arms' cost at the end of a run: how many replies each changed, and its extra model calls. */
import type { FixCallCount } from '../../store/index.ts';

export function formatFixCalls(counts: readonly FixCallCount[]): string {
  return counts
    .map((c) => {
      const per100 = c.responses === 0 ? '–' : ((100 * c.extra_calls) / c.responses).toFixed(1);
      return `fix ${c.fix}: ${c.changed} of ${c.responses} replies changed, ${c.extra_calls} extra model calls (${per100} per 100 responses)`;
    })
    .join('\n');
}
