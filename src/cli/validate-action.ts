/**
 * What `felicity validate` does once its arguments are parsed (validate.ts defines the command):
 * label or join the gold turns and score them. Loaded only when the command runs, so that
 * `felicity --help` does not load the checker.
 */
import { formatExplanation } from '../check/explanation.ts';
import type { EngineKind } from '../check/engines/engine.ts';
import { joinLabels, labelGold, readGold, type Labelled } from '../check/validate-gold.ts';
import { ModelSetupError } from '../llm/model-setup-error.ts';
import { ModelSpecError } from '../llm/model-spec.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import type { Deployment } from '../setups/deployment.ts';
import { resolveSetup } from '../setups/load-deployment.ts';
import { scoreValidation } from '../stats/validation.ts';
import { formatMismatch, formatReport } from '../stats/validation-format.ts';
import { UsageError } from './exit-codes.ts';
import { judgingSummary, openEngine, PlanTally } from './judge-engine.ts';

/** The options as commander parses them (validate.ts). */
export interface ValidateFlags {
  gold: string;
  labels?: string;
  engine?: EngineKind;
  judgeModel?: string;
  /** A file, false for --no-cache, undefined for the default. */
  cache?: string | false;
  setup?: string;
  dryRun?: true;
  json?: true;
  mismatches?: true;
}

export async function runValidate(options: ValidateFlags): Promise<void> {
  const fail = (message: string): void => {
    process.stderr.write(`felicity validate: ${message}\n`);
    process.exitCode = 2;
  };
  if (options.labels && (options.engine || options.judgeModel)) return fail('--labels scores a labels file; leave out --engine and --judge-model');
  let setup: Deployment | undefined;
  let opened;
  try {
    if (options.setup) setup = await resolveSetup(options.setup);
    if (!options.labels) opened = await openEngine({ engine: options.engine, judgeModel: options.judgeModel, cache: options.cache });
  } catch (error) {
    if (error instanceof DeploymentError || error instanceof ModelSpecError || error instanceof ModelSetupError || UsageError.isInstance(error)) {
      return fail(error.message.split('\n').join('; '));
    }
    throw error;
  }
  try {
    const gold = await readGold(options.gold).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'EACCES') return null;
      throw error;
    });
    if (gold === null) return fail(`cannot read ${options.gold}`);
    if (opened && options.dryRun) {
      const plans = new PlanTally();
      for (const item of gold.items) {
        try {
          plans.add(await opened.engine.plan(item.record, { setup }));
        } catch {
          // A malformed item is reported when labelling; it costs no call.
        }
      }
      process.stderr.write(`${plans.format('validate')}\n`);
      return;
    }
    let labelled: Labelled;
    if (options.labels) {
      const file = options.labels;
      labelled = await joinLabels(gold.items, file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'EACCES') throw new CannotRead(file);
        throw error;
      });
    } else labelled = await labelGold(gold.items, opened!.engine, { setup, file: options.gold });
    const problems = [...gold.problems, ...labelled.problems];
    for (const p of problems) process.stderr.write(`${p.file}${p.line ? `:${p.line}` : ''}: ${p.field}: ${p.message}\n`);
    for (const u of labelled.unlabelled) process.stderr.write(`felicity validate: ${u.id}: not scored: ${u.message}\n`);
    const report = scoreValidation(labelled.items);
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ gold: options.gold, scored: labelled.items.length, unlabelled: labelled.unlabelled.length, bad_lines: problems.length, ...report }, nanAsNull)}\n`);
    } else {
      process.stdout.write(`${formatReport(options.gold, report)}\n`);
      if (options.mismatches) {
        for (const m of report.mismatches) {
          const explanation = labelled.explanations.get(m.id);
          process.stdout.write(`\n${formatMismatch(m)}${explanation ? `\n${formatExplanation(m.id, explanation)}` : ''}\n`);
        }
      }
    }
    if (opened) for (const line of judgingSummary('validate', opened)) process.stderr.write(`${line}\n`);
    if (problems.length > 0) process.exitCode = 2;
    else if (labelled.unlabelled.length > 0) process.exitCode = 1;
  } catch (error) {
    if (error instanceof CannotRead) return fail(error.message);
    throw error;
  } finally {
    await opened?.close();
  }
}

class CannotRead extends Error {
  constructor(file: string) {
    super(`cannot read ${file}`);
  }
}

/** NaN (a rate with nothing to count) is not JSON: null says "not measured". */
function nanAsNull(_key: string, value: unknown): unknown {
  return typeof value === 'number' && Number.isNaN(value) ? null : value;
}
