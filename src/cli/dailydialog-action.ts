/** What `felicity dailydialog` does once parsed (dailydialog.ts defines it). */
import { balancedSample, DailyDialogError, PAPER_DAILYDIALOG, readDailyDialog, scoreAgainstActs } from '../audit/dailydialog.ts';
import { checkMany } from '../check/check-many.ts';
import { EXIT } from './usage-exit.ts';

export async function runDailyDialog(dir: string, options: { size: number; seed: number; json?: true }): Promise<void> {
  let utterances;
  try {
    utterances = await readDailyDialog(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof DailyDialogError || code === 'ENOENT' || code === 'ENOTDIR') {
      process.stderr.write(`felicity dailydialog: ${error instanceof DailyDialogError ? error.message : `cannot read ${dir}`}\n`);
      process.exitCode = EXIT.badInput;
      return;
    }
    throw error;
  }
  const sample = balancedSample(utterances, options.size, options.seed);
  // Each utterance is a reply to the one before it, in a deployment without tools.
  const records = sample.map((u) => ({ id: u.id, setup: 'C0', messages: [{ role: 'user', content: u.previous || '(start of the dialogue)' }, { role: 'assistant', content: u.text }] }));
  const labels = await checkMany(records, { jobs: 1 });
  const detected = labels.map((l) => 'label' in l && l.label.commitments.length > 0);
  const scores = scoreAgainstActs(sample, detected);
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ utterances: utterances.length, seed: options.seed, scores, paper: PAPER_DAILYDIALOG }, null, 2)}\n`);
    return;
  }
  const f = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(2));
  process.stdout.write(
    [
      `DailyDialog: ${utterances.length} utterances read; sample of ${scores.n} (${scores.commissive} commissive), seed ${options.seed}`,
      `detector flags ${scores.truePositives + scores.falsePositives} (${scores.truePositives} commissive, ${scores.falsePositives} not)`,
      '            felicity  paper',
      `precision   ${f(scores.precision).padStart(8)}  ${f(PAPER_DAILYDIALOG.precision).padStart(5)}`,
      `recall      ${f(scores.recall).padStart(8)}  ${f(PAPER_DAILYDIALOG.recall).padStart(5)}`,
      `kappa       ${f(scores.kappa).padStart(8)}  ${f(PAPER_DAILYDIALOG.kappa).padStart(5)}`,
      'Low recall is expected: the commissive act also covers accepting, declining and acting within the conversation.',
      '',
    ].join('\n'),
  );
}
