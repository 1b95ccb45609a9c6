/**
 * What `felicity view` does once its arguments are parsed (view.ts defines the command): find or
 * write the report, serve it (view-server.ts), and wait for Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_REPS, DEFAULT_SEED } from '../stats/cluster-bootstrap.ts';
import { runReport } from './report-action.ts';
import { UsageError } from './usage-exit.ts';
import { serveReport, ViewPortError } from './view-server.ts';
import { EXIT } from './usage-exit.ts';

export interface ViewFlags {
  port: number;
  db: string;
  engine: string;
  out?: string;
  requests: string;
}

const say = (line: string) => process.stderr.write(`felicity view: ${line}\n`);

function isReportFolder(target: string): boolean {
  return fs.existsSync(path.join(target, 'report.html'));
}

export async function runView(target: string, options: ViewFlags): Promise<void> {
  if (isReportFolder(target)) return serveUntilStopped(target, options.port);
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new UsageError(`${target} holds no report.html; write one with: felicity report RUN --out ${target}`);
  // A folder of our own making is ours to remove when serving ends (or fails); --out is the user's.
  const temporary = options.out === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-view-')) : undefined;
  const dir = options.out ?? temporary!;
  try {
    await runReport([target], { out: dir, db: options.db, engine: options.engine, reps: DEFAULT_REPS, seed: DEFAULT_SEED, formats: ['html'], requests: options.requests, forView: true });
    // The report said why it could not be written (no labels yet, an unknown run): nothing to serve.
    if (!isReportFolder(dir)) return;
    await serveUntilStopped(dir, options.port, ' (a temporary folder, removed when serving stops)');
  } finally {
    if (temporary !== undefined) fs.rmSync(temporary, { recursive: true, force: true });
  }
}

async function serveUntilStopped(dir: string, port: number, note = ''): Promise<void> {
  let server;
  try {
    server = await serveReport(dir, port);
  } catch (error) {
    if (!(error instanceof ViewPortError)) throw error;
    throw new UsageError(error.message);
  }
  say(`serving ${path.resolve(dir)}${note} at ${server.url} (Ctrl-C to stop)`);
  process.stdout.write(`${server.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  process.exitCode = process.exitCode ?? EXIT.done;
}
