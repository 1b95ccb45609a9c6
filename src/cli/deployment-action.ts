/**
 * What `felicity deployment init` does once its arguments are parsed (deployment.ts defines the
 * command): read the tool schemas and write the draft. Loaded only when the command runs, so
 * that `felicity --help` does not load the drafting code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { draftDeployment } from '../setups/draft-deployment.ts';
import { jsonSyntaxErrorPosition } from '../setups/json-syntax.ts';
import { formatToolSchemaProblem, readToolSchemas } from '../setups/tool-schemas.ts';
import { EXIT } from './exit-codes.ts';
import { openOutput, OutputFileError } from './output-file.ts';

/** Where the command writes and how it fails; tests capture these instead of the process streams. */
export interface DeploymentIO {
  out(text: string): void;
  err(text: string): void;
  fail(code: number): void;
  stdin(): string;
}

/** The options as commander parses them (deployment.ts). */
export interface InitFlags {
  out?: string;
  force?: true;
  id?: string;
}

/** Bad input the command found itself: the one-line reason is printed and the exit code is 2. */
class InitInputError extends Error {}

/** A deployment id from a file name: `./agents/My Agent.yaml` → `My-Agent`. */
export function idFromFileName(file: string): string {
  const base = path.basename(file, path.extname(file)).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return base === '' ? 'my-agent' : base;
}

function readInput(file: string, io: DeploymentIO): unknown {
  let text: string;
  try {
    text = file === '-' ? io.stdin() : fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InitInputError(`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? (error as Error).message})`}`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const position = jsonSyntaxErrorPosition(text);
    const where = position === undefined ? '' : ` at line ${position.line}, column ${position.column}`;
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/s, '');
    throw new InitInputError(`${file}: invalid JSON${where}: ${reason}`);
  }
}

export async function runInit(file: string, options: InitFlags, io: DeploymentIO): Promise<void> {
  try {
    if (options.out !== undefined && !['.yaml', '.yml'].includes(path.extname(options.out).toLowerCase())) {
      throw new InitInputError(`--out ${options.out}: the draft is YAML; name a .yaml or .yml file`);
    }
    if (options.out !== undefined && !options.force && fs.existsSync(options.out)) {
      throw new InitInputError(`--out ${options.out}: the file exists (pass --force to overwrite it)`);
    }
    const { tools, problems } = readToolSchemas(readInput(file, io));
    for (const problem of problems) io.err(`felicity deployment init: ${formatToolSchemaProblem(file, problem)}\n`);
    // Nothing readable in a file that had something to read: no draft.
    if (tools.length === 0 && problems.length > 0) {
      io.fail(EXIT.badInput);
      return;
    }
    const id = options.id ?? idFromFileName(options.out ?? (file === '-' ? '' : file));
    const draft = draftDeployment(tools, { id, source: file === '-' ? 'stdin' : path.basename(file) });
    if (options.out === undefined) io.out(draft.text);
    else {
      const output = await openOutput(options.out, file === '-' ? [] : [file]);
      try {
        output.stream.write(draft.text);
        await output.commit();
      } finally {
        output.abort();
      }
    }
    io.err(
      `felicity deployment init: ${tools.length} tools drafted, ${draft.tagged} with guessed tags${options.out ? ` → ${options.out}` : ''}; ` +
        'confirm every "guess" comment\n',
    );
    // Tools that could not be read are left out of the draft: that is still bad input.
    if (problems.length > 0) io.fail(EXIT.badInput);
  } catch (error) {
    if (!(error instanceof InitInputError || OutputFileError.isInstance(error))) throw error;
    io.err(`felicity deployment init: ${error.message}\n`);
    io.fail(EXIT.badInput);
  }
}
