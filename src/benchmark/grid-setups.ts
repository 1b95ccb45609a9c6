/**
 * The setups of a run as `--setups` names them: built-in ids (C0–C4, any case) and deployment
 * files (.json, .yaml, .yml). A file's deployment joins the grid under its own `id`, and the run
 * keeps the deployment itself, not the path: a resume compares contents (an edited file is a
 * changed configuration), and `judge` and `export` never need the file again.
 */
import { builtinSetupId, getBuiltinSetup, SETUP_IDS } from '../setups/builtin.ts';
import type { Deployment } from '../setups/deployment.ts';
import { loadDeploymentFile } from '../setups/load-deployment.ts';

/** Users' deployments by id; a null-prototype map, so no id can reach Object.prototype. */
export type GridDeployments = Readonly<Record<string, Deployment>>;

export interface GridSetups {
  /** Built-in ids and deployment ids, in the order given, each once. */
  setups: string[];
  /** The deployments of the ids that are not built in. */
  deployments: GridDeployments;
}

/** Deployment ids become part of response ids (`rq-1/<setup>/inferred/…`): no separators in them. */
const RUN_ID = /^[A-Za-z0-9._-]{1,64}$/;
const FILE = /\.(?:json|ya?ml)$/i;

/** A `--setups` item that names no setup, or a deployment id a run cannot use. */
export class GridSetupError extends Error {
  override readonly name = 'GridSetupError';
  readonly code = 'GRID_SETUP';

  constructor(
    readonly item: string,
    readonly problem: string,
    readonly expected: string,
  ) {
    super(`--setups: ${problem} (expected ${expected})`);
  }

  static isInstance(error: unknown): error is GridSetupError {
    return error instanceof Error && error.name === 'GridSetupError' && 'item' in error;
  }
}

/** Reads a `--setups` list; deployment files are loaded and validated (a DeploymentError names the file). */
export async function resolveGridSetups(list: string): Promise<GridSetups> {
  const items = list.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (items.length === 0) throw new GridSetupError(list, 'empty list', `${SETUP_IDS.join(', ')} or deployment files`);
  const setups: string[] = [];
  const deployments: Record<string, Deployment> = Object.create(null);
  const fileOf: Record<string, string> = Object.create(null);
  for (const item of items) {
    const builtin = builtinSetupId(item);
    if (builtin !== undefined) {
      if (!setups.includes(builtin)) setups.push(builtin);
      continue;
    }
    if (!FILE.test(item)) {
      throw new GridSetupError(item, `unknown value "${item}"`, `${SETUP_IDS.join(', ')}, or a deployment file .json, .yaml or .yml`);
    }
    const deployment = await loadDeploymentFile(item);
    const id = deployment.id;
    if (!RUN_ID.test(id)) {
      throw new GridSetupError(item, `${item}: deployment id "${id}" cannot name a setup in a run`, 'letters, digits, ".", "_" or "-", at most 64');
    }
    if (builtinSetupId(id) !== undefined) {
      throw new GridSetupError(item, `${item}: deployment id "${id}" is a built-in setup's`, 'another id in the file');
    }
    if (Object.hasOwn(deployments, id)) {
      // The same deployment named twice (two paths to one file) is one setup.
      if (JSON.stringify(deployments[id]) === JSON.stringify(deployment)) continue;
      throw new GridSetupError(item, `${item} and ${fileOf[id]} both have deployment id "${id}"`, 'one id per deployment');
    }
    deployments[id] = deployment;
    fileOf[id] = item;
    setups.push(id);
  }
  return { setups, deployments };
}

/** The user's deployment a run's setup id stands for; undefined for a built-in setup. */
export function userDeployment(setup: string, deployments: GridDeployments | undefined): Deployment | undefined {
  return deployments !== undefined && Object.hasOwn(deployments, setup) ? deployments[setup] : undefined;
}

/** The deployment a run's setup id stands for: a user's deployment of the run, or a built-in one. */
export function gridDeployment(setup: string, deployments: GridDeployments | undefined): Deployment | undefined {
  return userDeployment(setup, deployments) ?? getBuiltinSetup(setup);
}
