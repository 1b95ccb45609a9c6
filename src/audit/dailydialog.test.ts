import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { checkMany } from '../check/check-many.ts';
import { balancedSample, COMMISSIVE, DailyDialogError, detokenise, readDailyDialog, scoreAgainstActs } from './dailydialog.ts';

const SHARED = fileURLToPath(new URL('../../../shared/data/dailydialog/', import.meta.url));
/** Utterances of the seeded sample the detector flags on this version, by their DailyDialog act. */
const DAILYDIALOG_FLAGGED = { commissive: 12, other: 6 };

test('detokenise joins the corpus\'s split punctuation and contractions', () => {
  assert.equal(detokenise("Sure , I ' ll call you tomorrow . We ' re done !"), "Sure, I'll call you tomorrow. We're done!");
  assert.equal(detokenise('I don ’ t know ( really ) .'), "I don't know (really).");
});

test('reads dialogue and act files in step; a count mismatch names the file and line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-dd-'));
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'test', 'dialogues_test.txt'), 'Can you help ? __eou__ Sure , I ' + "' ll do it tomorrow . __eou__\nHi . __eou__\n");
  writeFileSync(join(dir, 'test', 'dialogues_act_test.txt'), '2 4 \n1 \n');
  const utterances = await readDailyDialog(dir);
  assert.deepEqual(utterances.map((u) => [u.id, u.act]), [['test:1:1', 2], ['test:1:2', 4], ['test:2:1', 1]]);
  assert.equal(utterances[1]!.previous, 'Can you help?');
  writeFileSync(join(dir, 'test', 'dialogues_act_test.txt'), '2 4 \n1 1\n');
  await assert.rejects(readDailyDialog(dir), (e: unknown) => e instanceof DailyDialogError && e.line === 2);
  await assert.rejects(readDailyDialog(join(dir, 'test', '..', 'nothing-here-'.concat('x'))));
});

test('on DailyDialog: a balanced seeded sample of 300 and the detector\'s agreement with the commissive act', { skip: existsSync(SHARED) ? false : `no ${SHARED} (the shared data folder is absent)` }, async (t) => {
  const utterances = await readDailyDialog(SHARED);
  const sample = balancedSample(utterances, 300, 20261001);
  assert.equal(sample.length, 300);
  assert.equal(sample.filter((u) => u.act === COMMISSIVE).length, 150);
  assert.deepEqual(balancedSample(utterances, 300, 20261001).map((u) => u.id), sample.map((u) => u.id));
  const labels = await checkMany(sample.map((u) => ({ id: u.id, setup: 'C0', messages: [{ role: 'user', content: u.previous || '(start)' }, { role: 'assistant', content: u.text }] })), { jobs: 1 });
  const scores = scoreAgainstActs(sample, labels.map((l) => 'label' in l && l.label.commitments.length > 0));
  const measured = `measured ${scores.truePositives} commissive and ${scores.falsePositives} other utterances flagged: precision ${scores.precision.toFixed(2)}, recall ${scores.recall.toFixed(2)}, kappa ${scores.kappa.toFixed(2)} (paper 0.67, 0.20, 0.10)`;
  t.diagnostic(measured);
  // As in the paper: when the detector flags an utterance, DailyDialog mostly calls it commissive.
  assert.ok(scores.precision > 0.5, measured);
  assert.ok(scores.kappa > 0, measured);
  // And no worse than this version measured, less one utterance each way; if a change moves it on
  // purpose, set DAILYDIALOG_FLAGGED to the counts printed.
  assert.ok(scores.truePositives >= DAILYDIALOG_FLAGGED.commissive - 1 && scores.falsePositives <= DAILYDIALOG_FLAGGED.other + 1, `${measured}; recorded ${JSON.stringify(DAILYDIALOG_FLAGGED)}`);
});
