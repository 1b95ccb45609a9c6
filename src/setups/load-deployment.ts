/**
 * Deployments from files and references: a built-in id ("C2", "c2"), a path to a .json, .yaml or
 * .yml file, or an object (a turn record may embed its deployment). Errors name the file and, for
 * syntax errors, the line.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import YAML from 'yaml';
import { getBuiltinSetup, SETUP_IDS } from './builtin.ts';
import { DeploymentError } from './deployment-error.ts';
import { parseDeployment } from './deployment-schema.ts';
import type { Deployment } from './deployment.ts';
import { jsonSyntaxErrorPosition } from './json-syntax.ts';
import { decodeUtf8, describeNotUtf8 } from '../utf8-text.ts';

const FILE_EXTENSIONS = ['.json', '.yaml', '.yml'];

/** Parses and validates the text of a deployment file; `file` decides the format and names errors. */
export function parseDeploymentText(text: string, file: string): Deployment {
  return parseDeployment(parseFileText(text, file), { file });
}

export async function loadDeploymentFile(path: string): Promise<Deployment> {
  checkExtension(path);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw readError(error, path);
  }
  return parseDeploymentText(utf8Text(bytes, path), path);
}

export function loadDeploymentFileSync(path: string): Deployment {
  checkExtension(path);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw readError(error, path);
  }
  return parseDeploymentText(utf8Text(bytes, path), path);
}

function utf8Text(bytes: Uint8Array, path: string): string {
  const decoded = decodeUtf8(bytes);
  if ('bad' in decoded) throw syntaxError(path, describeNotUtf8(decoded.bad));
  return decoded.text;
}

/** A built-in id, a deployment file, or a deployment object. */
export async function resolveSetup(ref: string | Record<string, unknown>): Promise<Deployment> {
  return resolveWithoutFile(ref) ?? loadDeploymentFile(ref as string);
}

/** Like `resolveSetup`, reading a file synchronously when the reference is one. */
export function resolveSetupSync(ref: string | Record<string, unknown>): Deployment {
  return resolveWithoutFile(ref) ?? loadDeploymentFileSync(ref as string);
}

/** The deployment when no file is involved; undefined when `ref` names a file to read. */
function resolveWithoutFile(ref: string | Record<string, unknown>): Deployment | undefined {
  if (typeof ref !== 'string') return parseDeployment(ref);
  const builtin = getBuiltinSetup(ref);
  if (builtin !== undefined) return builtin;
  if (FILE_EXTENSIONS.includes(extname(ref).toLowerCase())) return undefined;
  throw new DeploymentError([
    {
      path: '',
      message: `unknown setup ${JSON.stringify(ref)}: not a built-in setup and not a deployment file`,
      expected: `one of ${SETUP_IDS.join(', ')}, or a path to a .json, .yaml or .yml file`,
      got: JSON.stringify(ref),
    },
  ]);
}

function parseFileText(text: string, file: string): unknown {
  if (extname(file).toLowerCase() === '.json') {
    try {
      return JSON.parse(text);
    } catch (error) {
      const position = jsonSyntaxErrorPosition(text);
      const where = position ? ` at line ${position.line}, column ${position.column}` : '';
      throw syntaxError(file, `invalid JSON${where}: ${jsonReason(error)}`);
    }
  }
  try {
    return YAML.parse(text);
  } catch (error) {
    // Past its alias budget (a billion-laughs file) the library stops with a ReferenceError.
    if (!(error instanceof YAML.YAMLError)) throw syntaxError(file, `invalid YAML: ${(error as Error).message.split('\n')[0]}`);
    const position = error.linePos?.[0];
    const where = position ? ` at line ${position.line}, column ${position.col}` : '';
    // The library appends a source excerpt after the first line; the position says enough.
    throw syntaxError(file, `invalid YAML${where}: ${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`);
  }
}

/** V8's reason without its offset or its copy of the source text. */
function jsonReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/ in JSON at position \d+.*$/s, '').replace(/, (?:\.\.\.)?".*$/s, '');
}

function syntaxError(file: string, message: string): DeploymentError {
  return new DeploymentError([{ path: '', message }], file);
}

function checkExtension(path: string): void {
  if (!FILE_EXTENSIONS.includes(extname(path).toLowerCase())) {
    const got = JSON.stringify(extname(path) || path);
    throw new DeploymentError([{ path: '', message: 'unsupported file type', expected: 'a .json, .yaml or .yml file', got }], path);
  }
}

function readError(error: unknown, path: string): DeploymentError {
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    code === 'ENOENT'
      ? `no such file (built-in setups are ${SETUP_IDS.join(', ')})`
      : `cannot read the file: ${error instanceof Error ? error.message : String(error)}`;
  return new DeploymentError([{ path: '', message }], path);
}
