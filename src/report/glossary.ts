/**
 * The report's glossary: every abbreviation and term its tables and figures use, in words. The
 * HTML page lists it and gives each table heading a tooltip from it; the metric entries come from
 * the metrics' own descriptions, so the two never disagree.
 */
import { OUTCOME_RULES } from '../core/outcome.ts';
import { OUTCOMES } from '../core/types.ts';
import { getBuiltinSetup } from '../setups/index.ts';
import { METRICS } from '../stats/metrics.ts';
import { BASE_ARM, POOLED, type ReportModel } from './report-model.ts';

export interface GlossaryEntry {
  term: string;
  meaning: string;
}

const FIXES: Record<string, string> = {
  none: 'no fix: the deployment as it is',
  card: 'fix A: a capability card in the system prompt ties every later action to its enabling tool and forbids claims no call backed',
  guard: 'fix C: each reply is checked and, when it fails, rewritten before the user sees it',
  reanchor: 'each failing reply goes back to the model to make the missing call, then is rewritten if it still fails',
};

/** The terms every report uses, whatever the run holds. */
export const FIXED_TERMS: readonly GlossaryEntry[] = [
  { term: 'n', meaning: 'responses in the cell (a rate’s own denominator can be smaller: see each rate)' },
  { term: '[low, high]', meaning: '95% cluster-bootstrap interval over requests' },
  { term: '–', meaning: 'not defined: the rate has nothing to count over in this cell (never zero)' },
  { term: 'Δ', meaning: 'an arm minus the inferred baseline, same model, setup, persona and requests, in percentage points' },
  { term: BASE_ARM, meaning: 'variant: the model sees its persona prompt and tool schemas and nothing about what it can do after the reply; with no fix, the baseline arm the others are compared with' },
  { term: 'stated', meaning: 'variant: a short paragraph of facts about the setup (what it can do between messages) is added to the system prompt' },
  { term: 'arm', meaning: `what is compared with the ${BASE_ARM} baseline: the stated variant or a fix (stated+fix: both)` },
  { term: 'Fail. arm', meaning: 'failure rate of the arm on the paired requests' },
  { term: 'persona', meaning: 'generic: a general assistant; support: a customer-support agent with account tools' },
];

function metricTerms(): GlossaryEntry[] {
  const seen = new Set<string>();
  const out: GlossaryEntry[] = [];
  for (const m of Object.values(METRICS)) {
    if (seen.has(m.short)) continue;
    seen.add(m.short);
    // The descriptions cite the paper's sections, which a report's reader may not have.
    out.push({ term: m.short, meaning: m.description.replace(/ \((§[\d.]+|Appendix [A-Z])\)/g, '') });
  }
  return out;
}

/** The glossary for one report: the metrics, the fixed terms, its setups and fixes, and the outcomes. */
export function glossary(model: Pick<ReportModel, 'models' | 'setups' | 'fixes'>): GlossaryEntry[] {
  const pooled = model.models.length > 1 ? [{ term: POOLED, meaning: `all ${model.models.length} models together` }] : [];
  const setups = model.setups.map((id) => ({ term: id, meaning: `setup: ${getBuiltinSetup(id)?.title ?? 'a deployment of your own'}` }));
  const fixes = model.fixes.map((id) => ({ term: id, meaning: FIXES[id] ?? 'a fix arm' }));
  // An outcome can have several rules (`other`: a reply asking for what the call needs, or nothing else matched).
  const outcomes = OUTCOMES.map((o) => ({ term: o, meaning: `outcome: ${OUTCOME_RULES.filter((r) => r.outcome === o).map((r) => r.why).join('; or ') || o}` }));
  return [...metricTerms(), ...FIXED_TERMS, ...pooled, ...setups, ...fixes, ...outcomes];
}

/**
 * What a table heading means, for its tooltip: the heading's words looked up in the glossary
 * ("C2 inferred Unanch. excl." → the setup, the variant and the metric), or undefined when no
 * part of it is a term.
 */
export function explainHeading(heading: string, entries: readonly GlossaryEntry[]): string | undefined {
  const byTerm = new Map(entries.map((e) => [e.term, e.meaning]));
  const exact = byTerm.get(heading);
  if (exact !== undefined) return exact;
  // Longest terms first, so "Unanch. excl." is read before "Unanch.".
  const terms = [...byTerm.keys()].filter((t) => t.length > 1 || t === 'Δ').sort((a, b) => b.length - a.length);
  const parts: { at: number; text: string }[] = [];
  let rest = ` ${heading} `;
  for (const term of terms) {
    const at = rest.indexOf(` ${term} `);
    if (at < 0) continue;
    parts.push({ at, text: `${term}: ${byTerm.get(term)}` });
    // Blank the term out (same length, so later positions hold) so no shorter term reads it again.
    rest = `${rest.slice(0, at + 1)}${'\u0000'.repeat(term.length)}${rest.slice(at + 1 + term.length)}`;
  }
  parts.sort((a, b) => a.at - b.at);
  return parts.length === 0 ? undefined : parts.map((p) => p.text).join(' · ');
}
