/**
 * What `npm run check:rules-guarded` mutates and which tests judge it. Rows: every element of the
 * word lists in the lexicon files, the clause decision table's rows, the frame lists, and the
 * claim, report and act rows. Tests: the checker's tests that label text (not its I/O, workers or
 * input formats), each with the files it reads besides its own source, so a row whose words occur
 * in none of a test's inputs need not be run against that test.
 */

/** Files whose rows are removed one at a time; `tables` limits a file to the constants named. */
export const ROW_SOURCES: readonly { file: RegExp; tables?: readonly string[]; wordList?: true }[] = [
  { file: /^src\/check\/rules\/(?:[a-z-]+-)?lexicon\.ts$/, wordList: true },
  { file: /^src\/check\/rules\/frames\/frame-lexicon\.ts$/, wordList: true },
  { file: /^src\/check\/rules\/decision-table\.ts$/, tables: ['DECISION_TABLE'] },
  { file: /^src\/check\/rules\/frames\/index\.ts$/, tables: ['TEXT_FRAMES', 'SENTENCE_FRAMES'] },
  { file: /^src\/check\/rules\/claims\.ts$/, tables: ['CLAIM_ROWS'] },
  { file: /^src\/check\/rules\/action-claims\.ts$/, tables: ['REPORT_ROWS'] },
  { file: /^src\/check\/rules\/acts\.ts$/, tables: ['ACT_ROWS'] },
];

/** Text every test may feed the rules besides its own source: turn builders, built-in setups, row and frame examples. */
export const SHARED_INPUTS: readonly string[] = ['src/check/testing', 'src/setups', 'src/check/rules'];

/**
 * The tests run against each removal, cheapest and most telling first (the run stops at the first
 * failure), with the files each reads. `../shared` files are read when present.
 */
export const TESTS: readonly { file: string; reads?: readonly string[] }[] = [
  { file: 'src/check/rules/word-list-guards.test.ts', reads: ['src/check/rules/guards'] },
  { file: 'src/check/rules/rows-decide-labels.test.ts' },
  { file: 'src/check/rules/decision-table.test.ts' },
  { file: 'src/check/rules/detector.test.ts' },
  { file: 'src/check/rules/frames/frames.test.ts' },
  { file: 'src/check/rules/action-claims.test.ts' },
  { file: 'src/check/rules/claims.test.ts' },
  { file: 'src/check/rules/response-judge.test.ts' },
  { file: 'src/check/rules/triggers.test.ts' },
  { file: 'src/check/rules/clause-commitment.test.ts' },
  { file: 'src/check/rules/judge-lexicon.test.ts' },
  { file: 'src/check/rules/lexicon.test.ts' },
  { file: 'src/check/rules/literal-scanner.test.ts' },
  { file: 'src/check/rules/normalized-reply.test.ts' },
  { file: 'src/check/rules/remembered-test.test.ts' },
  { file: 'src/check/rules/report-gates.test.ts' },
  { file: 'src/check/rules/text-regions.test.ts' },
  { file: 'src/check/rules/frames/code-text.test.ts' },
  { file: 'src/check/rules/frames/draft.test.ts' },
  { file: 'src/check/rules/frames/process-description.test.ts' },
  { file: 'src/check/rules/frames/quotation.test.ts' },
  { file: 'src/check/rules/frames/real-chat.test.ts' },
  { file: 'src/check/paper-examples.test.ts' },
  { file: 'src/check/agent-domains.test.ts' },
  { file: 'src/check/held-out-domains.test.ts' },
  { file: 'src/check/evasion.test.ts' },
  { file: 'src/check/lookups.test.ts' },
  { file: 'src/check/claims-against-calls.test.ts' },
  { file: 'src/check/claims-must-show.test.ts' },
  { file: 'src/check/claims-objects.test.ts' },
  { file: 'src/check/claim-arguments.test.ts' },
  { file: 'src/check/promise-arguments.test.ts' },
  { file: 'src/check/session-continuations.test.ts' },
  { file: 'src/check/conversations.test.ts' },
  { file: 'src/check/unjudgeable.test.ts' },
  { file: 'test/agents-probe.test.ts', reads: ['test/fixtures/agents-probe'] },
  { file: 'test/held-out-probe.test.ts', reads: ['test/fixtures/held-out-probe'] },
  { file: 'src/check/labelled-cases.test.ts', reads: ['examples/turns.jsonl', 'test/fixtures', '../shared/examples/dev.jsonl'] },
];

/** Tests that compare a table with a list of its codes: they notice any removal, so they judge none. */
export const BOOKKEEPING_TESTS: readonly RegExp[] = [/every code has exactly one row/, /frame codes are unique/];
