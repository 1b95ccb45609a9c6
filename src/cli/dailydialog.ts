/**
 * `felicity dailydialog DIR`: the detector against DailyDialog's commissive act (paper §3.4).
 * What it does is in dailydialog-action.ts.
 */
import { Command } from '@commander-js/extra-typings';
import { integerAtLeast } from './integer-option.ts';

export function dailydialogCommand() {
  return new Command('dailydialog')
    .description("sanity check: the detector against DailyDialog's commissive dialogue act on a balanced seeded sample")
    .argument('<dir>', 'a DailyDialog folder (dialogues_<split>.txt with dialogues_act_<split>.txt, here or one folder down)')
    .option('--size <n>', 'utterances, half commissive', integerAtLeast(2), 300)
    .option('--seed <n>', 'sampling seed', integerAtLeast(0), 20261001)
    .option('--json', 'print JSON')
    .action(async (dir, options) => (await import('./dailydialog-action.ts')).runDailyDialog(dir, options));
}
