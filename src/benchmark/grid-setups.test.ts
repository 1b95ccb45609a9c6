import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILTIN_SETUPS } from '../setups/builtin.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import { gridDeployment, GridSetupError, resolveGridSetups, userDeployment } from './grid-setups.ts';
import { diffConfig } from './run-config.ts';

function deploymentFile(id: string, description = 'Sends an email.'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-grid-setups-'));
  const file = path.join(dir, `${id.replace(/[^A-Za-z0-9]/g, '_') || 'x'}.yaml`);
  fs.writeFileSync(file, `id: ${JSON.stringify(id)}\ntools:\n  - name: send_email\n    description: ${description}\n    capabilities: [send_email]\n`);
  return file;
}

describe('resolveGridSetups: --setups items are built-in ids or deployment files', () => {
  test('built-in ids in any case, and a file under its deployment id, in the order given, each once', async () => {
    const file = deploymentFile('mailer');
    const { setups, deployments } = await resolveGridSetups(`c2, C0,${file},C2,${file}`);
    assert.deepEqual(setups, ['C2', 'C0', 'mailer']);
    assert.deepEqual(Object.keys(deployments), ['mailer']);
    assert.deepEqual(deployments.mailer!.tools.map((t) => [t.name, t.capabilities]), [['send_email', ['send_email']]]);
  });

  test('the deployment an id stands for: the run’s own first, else a built-in one', async () => {
    const { deployments } = await resolveGridSetups(deploymentFile('mailer'));
    assert.equal(gridDeployment('mailer', deployments), deployments.mailer);
    assert.equal(gridDeployment('C3', deployments), BUILTIN_SETUPS.C3);
    assert.equal(userDeployment('C3', deployments), undefined);
    assert.equal(gridDeployment('mailer', undefined), undefined);
    // Ids are looked up as own keys only.
    assert.equal(userDeployment('constructor', deployments), undefined);
    assert.equal(userDeployment('__proto__', deployments), undefined);
  });

  test('unknown items, unusable ids and clashing ids are refused with what was expected', async () => {
    const refusals: [string, RegExp][] = [
      ['C9', /^--setups: unknown value "C9" \(expected C0, C1, C2, C3, C4, or a deployment file/],
      [' , ', /^--setups: empty list/],
      [deploymentFile('my agent/1'), /deployment id "my agent\/1" cannot name a setup in a run \(expected letters, digits/],
      [deploymentFile('C4'), /deployment id "C4" is a built-in setup's/],
      [`${deploymentFile('mailer')},${deploymentFile('mailer', 'Sends mail.')}`, /both have deployment id "mailer"/],
    ];
    for (const [list, expected] of refusals) {
      await assert.rejects(resolveGridSetups(list), (error: unknown) => {
        assert.ok(GridSetupError.isInstance(error), String(error));
        assert.equal(error.code, 'GRID_SETUP');
        assert.match(error.message, expected);
        return true;
      });
    }
  });

  test('a bad deployment file is a DeploymentError naming the file', async () => {
    const file = deploymentFile('mailer');
    fs.writeFileSync(file, 'id: mailer\ntools:\n  - name: send_email\n    capabilities: [emial]\n');
    await assert.rejects(resolveGridSetups(file), (error: unknown) => error instanceof DeploymentError && error.message.includes(file));
  });

  test('an edited deployment reads, in a run configuration diff, as the one field that changed', async () => {
    const before = await resolveGridSetups(deploymentFile('mailer'));
    const after = await resolveGridSetups(deploymentFile('mailer', 'Sends an email now.'));
    assert.deepEqual(diffConfig({ deployments: before.deployments }, { deployments: after.deployments }), [
      { field: 'deployments.mailer.tools[0].description', old: 'Sends an email.', new: 'Sends an email now.' },
    ]);
    // Lists of plain values still read as one change.
    assert.deepEqual(diffConfig({ setups: ['C0'] }, { setups: ['C0', 'C1'] }), [{ field: 'setups', old: ['C0'], new: ['C0', 'C1'] }]);
  });
});
