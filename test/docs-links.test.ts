/**
 * The documentation's links hold: every relative link in README.md and docs/*.md names a file that
 * exists, and every `#anchor` (on the same page or another) names a heading of that page. README.md
 * links to every docs page, so none is unreachable from the front page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { REPO } from './helpers/felicity-bin.ts';
import { anchors, docFiles, prose, type DocFile } from './helpers/markdown-docs.ts';

const docs = docFiles();
const byPath = new Map(docs.map((doc) => [doc.path, doc]));
const anchorsOf = new Map(docs.map((doc) => [doc.path, anchors(doc)]));

interface Link {
  from: string;
  line: number;
  target: string;
}

/** Markdown links outside code (fenced blocks and inline code spans). */
function links(doc: DocFile): Link[] {
  const found: Link[] = [];
  prose(doc)
    .split('\n')
    .forEach((text, i) => {
      const line = text.replace(/`[^`]*`/g, '``');
      for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) found.push({ from: doc.path, line: i + 1, target: match[1]! });
    });
  return found;
}

const all = docs.flatMap(links);
const relative = all.filter((link) => !/^[a-z][a-z+.-]*:/i.test(link.target));

test('the docs have links to check (a parser that found none would pass everything)', () => {
  assert.ok(relative.length >= 50, `only ${relative.length} relative links found`);
  assert.ok(relative.some((link) => link.target.includes('#')), 'no anchors found');
});

test('every relative link names a file that exists, and every anchor a heading of its page', () => {
  const broken: string[] = [];
  for (const link of relative) {
    const [path = '', anchor] = link.target.split('#');
    const target = path === '' ? link.from : normalize(join(dirname(link.from), decodeURIComponent(path))).split('\\').join('/');
    if (!existsSync(join(REPO, target))) {
      broken.push(`${link.from}:${link.line}: ${link.target}: no file ${target}`);
      continue;
    }
    if (anchor === undefined) continue;
    const headings = anchorsOf.get(target);
    if (headings === undefined) broken.push(`${link.from}:${link.line}: ${link.target}: an anchor into ${target}, which is not a docs page`);
    else if (!headings.has(anchor)) broken.push(`${link.from}:${link.line}: ${link.target}: no heading "#${anchor}" in ${target}`);
  }
  assert.deepEqual(broken, []);
});

test('README.md links to every page under docs/', () => {
  const linked = new Set(links(byPath.get('README.md')!).map((link) => link.target.split('#')[0]));
  const unlinked = docs.filter((doc) => doc.path.startsWith('docs/') && !linked.has(doc.path)).map((doc) => doc.path);
  assert.deepEqual(unlinked, []);
});

test('the anchor rule is GitHub\'s: punctuation dropped, spaces to hyphens, repeats numbered', () => {
  const page: DocFile = { path: 'x.md', text: '# A `check`: label turns\n## In CI: `--fail-on` and `--summary-json`\n```sh\n# not a heading\n```\n## Notes\n## Notes\n' };
  assert.deepEqual([...anchors(page)], ['a-check-label-turns', 'in-ci---fail-on-and---summary-json', 'notes', 'notes-1']);
});
