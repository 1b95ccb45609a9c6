/**
 * Mining candidate requests from a corpus: a keyword filter with a category guess, for human
 * review. Candidates are not request records: a reviewer still has to keep or drop each, rewrite
 * it as a typed request and write its context (paper Appendix B).
 */
import type { Category } from '../../core/types.ts';
import { CORPUS_LICENCES, type CorpusRow } from './corpus-rows.ts';
import { tokenSet } from './near-duplicates.ts';

interface Rule {
  id: string;
  category: Category;
  pattern: RegExp;
}

/**
 * Checked in order; the first matching rule gives the guess. Monitoring and callback come before
 * reminder because "notify me when…" and "have someone call me" are more specific than a bare
 * time expression.
 */
const KEYWORD_RULES: readonly Rule[] = [
  { id: 'memory', category: 'memory', pattern: /\b(remember (that|my|i|this|me)|next time|keep in mind|don'?t forget (that|my|i))\b/i },
  {
    id: 'callback',
    category: 'callback',
    pattern:
      /\b(call me( back)?|ring me|contact me|get back to me|reach me|human agent|live agent|operator|real person|representative|customer (service|support|assistance)|speak (to|with) (someone|somebody|a person|an agent))\b/i,
  },
  {
    id: 'monitoring',
    category: 'monitoring',
    pattern:
      /\b(tell me (when|if)|let me know (when|if|as soon)|notify me (when|if|of|about)|alert me (when|if)|keep me (updated|posted|informed|up to date)|as soon as|warn me|once .* alert me)\b/i,
  },
  {
    id: 'deferred_delivery',
    category: 'deferred_delivery',
    pattern: /\b(send|email|text|forward|deliver)( me)?\b.*\b(tomorrow|tonight|later|next|every|morning|evening|afterwards)\b/i,
  },
  { id: 'reminder', category: 'reminder', pattern: /\b(remind\w*|wake me|don'?t let me forget|set a reminder)\b/i },
];

/** Intents whose rows are candidates even without a keyword (SLURP/MASSIVE and Bitext labels). */
const INTENT_HINTS: Readonly<Record<string, Category>> = {
  calendar_set: 'reminder',
  alarm_set: 'reminder',
  contact_human_agent: 'callback',
  contact_customer_service: 'callback',
};

export interface Candidate {
  candidate_id: string;
  category_guess: Category;
  /** Rule ids and `intent:<name>` hints that fired, so a reviewer sees why the row is here. */
  matched: string[];
  text: string;
  /** How many later rows in the file had the same normalised text and were folded into this one. */
  duplicates: number;
  provenance: {
    corpus: CorpusRow['corpus'];
    file: string;
    id_field: string;
    row_id: number | string;
    original: string;
    intent: string | null;
    licence: string;
  };
}

export function guessCategory(text: string, intent: string | null): { category: Category; matched: string[] } | undefined {
  const matched = KEYWORD_RULES.filter((r) => r.pattern.test(text)).map((r) => r.id);
  const hint = intent === null ? undefined : INTENT_HINTS[intent];
  if (hint !== undefined) matched.push(`intent:${intent}`);
  const first = KEYWORD_RULES.find((r) => r.id === matched[0]);
  const category = first?.category ?? hint;
  return category === undefined ? undefined : { category, matched };
}

/** Candidates in file order, one per distinct normalised text. */
export function mineCandidates(rows: readonly CorpusRow[]): Candidate[] {
  const byText = new Map<string, Candidate>();
  for (const row of rows) {
    const guess = guessCategory(row.text, row.intent);
    if (!guess) continue;
    const key = [...tokenSet(row.text)].join(' ');
    const seen = byText.get(key);
    if (seen) {
      seen.duplicates += 1;
      continue;
    }
    byText.set(key, {
      candidate_id: `${row.corpus}:${row.file}:${row.row_id}`,
      category_guess: guess.category,
      matched: guess.matched,
      text: row.text,
      duplicates: 0,
      provenance: {
        corpus: row.corpus,
        file: row.file,
        id_field: row.id_field,
        row_id: row.row_id,
        original: row.text,
        intent: row.intent,
        licence: CORPUS_LICENCES[row.corpus],
      },
    });
  }
  return [...byText.values()];
}
