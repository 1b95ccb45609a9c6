/**
 * The shipped documentation as the docs tests read it: README.md and docs/*.md, their fenced code
 * blocks (with the info string's language and flags) and their headings' anchors as GitHub makes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO } from './felicity-bin.ts';

export interface DocFile {
  /** Relative to the repository, with forward slashes. */
  path: string;
  text: string;
}

export interface CodeBlock {
  file: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  lang: string;
  flags: string[];
  code: string;
}

export function docFiles(): DocFile[] {
  const docs = readdirSync(join(REPO, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => join(REPO, 'docs', name));
  return [join(REPO, 'README.md'), ...docs].map((file) => ({ path: relative(REPO, file).split('\\').join('/'), text: readFileSync(file, 'utf8') }));
}

const FENCE = /^(`{3,}|~{3,})(.*)$/;

export function codeBlocks(doc: DocFile): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = doc.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [lang = '', ...flags] = open[2]!.trim().split(/\s+/).filter(Boolean);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.startsWith(open[1]!); j++) body.push(lines[j]!);
    if (j === lines.length) throw new Error(`${doc.path}:${i + 1}: a code block that is never closed`);
    blocks.push({ file: doc.path, line: i + 1, lang, flags, code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** The text outside fenced blocks, each fenced line blanked so line numbers stay. */
export function prose(doc: DocFile): string {
  const lines = doc.text.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const open = FENCE.exec(line);
      if (fence === undefined && open) {
        fence = open[1];
        return '';
      }
      if (fence !== undefined) {
        if (line.startsWith(fence)) fence = undefined;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(doc: DocFile): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of prose(doc).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}
