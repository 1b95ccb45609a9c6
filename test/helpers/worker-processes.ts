/**
 * `felicity run --worker` processes for the worker specs and the workers benchmark: the command
 * line from source (`node --import tsx src/cli/main.ts`), so no build is needed, and the run's
 * tuples as the scripted model saw them.
 */
import { spawn } from 'node:child_process';
import type { ChatMessage } from '../../src/core/types.ts';
import type { ChatRequestBody } from '../../src/llm/testing/scripted-chat-server.ts';
import { REPO, type Finished, type Started } from './cli.ts';

export function startWorker(args: readonly string[]): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'run', '--worker', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Finished>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/**
 * What identifies a turn's first model call: the model and the messages before any reply (system
 * prompt, context, request), which differ for every (request, condition) of a one-sample run. A
 * stored response's transcript starts with the same messages. Setups that differ only in their
 * tools (C0, C1) share it: use one setup per run when counting calls this way. Undefined for the pre-run endpoint
 * check, which has no system prompt.
 */
export function turnKey(model: string | undefined, messages: readonly ChatMessage[]): string | undefined {
  if (messages[0]?.role !== 'system') return undefined;
  const first = messages.findIndex((m) => m.role === 'assistant');
  return JSON.stringify([model, messages.slice(0, first === -1 ? messages.length : first).map((m) => [m.role, m.content])]);
}

export function requestKey(body: ChatRequestBody): string | undefined {
  return turnKey(body.model, body.messages);
}
