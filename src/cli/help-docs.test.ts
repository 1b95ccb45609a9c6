/**
 * Every document a command's --help names is one the package ships: a path ending in .md in any
 * help text (every command and subcommand) exists here and is under package.json "files".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from '@commander-js/extra-typings';

const ROOT = new URL('../../', import.meta.url);
const FILES = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { files: string[] }).files;
/** The commands main.ts registers: `name: async () => (await import('./file.ts')).factory()`. */
const REGISTERED = [...readFileSync(new URL('./main.ts', import.meta.url), 'utf8').matchAll(/(\w+): async \(\) => \(await import\('\.\/([\w-]+)\.ts'\)\)\.(\w+)\(\)/g)].map(([, name, file, factory]) => ({ name: name!, file: file!, factory: factory! }));

function helpTexts(command: Command<unknown[], Record<string, unknown>>): string[] {
  // The text after the options comes from addHelpText, printed only on --help: capture it too.
  let after = '';
  (command as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command, write: (text: string) => void (after += text) });
  return [command.helpInformation(), after, ...(command.commands as Command<unknown[], Record<string, unknown>>[]).flatMap(helpTexts)];
}

const shipped = (file: string) => FILES.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

test('the help of every command names only documents the package ships', async () => {
  assert.ok(REGISTERED.length >= 10, `read the commands from main.ts (${REGISTERED.length})`);
  const named = new Set<string>();
  for (const { file, factory } of REGISTERED) {
    const module = (await import(`./${file}.ts`)) as Record<string, () => Command<unknown[], Record<string, unknown>>>;
    for (const text of helpTexts(module[factory]!())) for (const [doc] of text.matchAll(/[\w./-]+\.md\b/g)) named.add(doc);
  }
  assert.ok(named.size > 0, 'some help names a document');
  for (const doc of named) {
    assert.ok(existsSync(new URL(doc, ROOT)), `${doc} exists`);
    assert.ok(shipped(doc), `${doc} is in the package ("files" in package.json)`);
  }
});
