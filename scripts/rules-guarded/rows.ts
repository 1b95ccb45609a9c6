/**
 * The rows of the rules, found by parsing src/check/rules/ with the TypeScript compiler: every
 * element of a top-level array literal that a `const` is set to (word lists in the lexicon files,
 * decision-table rows, claim and act rows, the frame lists in frames/index.ts), and every property
 * of a top-level object literal (tables such as DELIVERABLES). A row is its source range, so
 * removing it is deleting those characters and the comma after them.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

export interface Row {
  /** Path from the repository root. */
  file: string;
  /** The constant the row belongs to. */
  table: string;
  /** Index within its table. */
  index: number;
  /** 1-based lines of the row's first and last characters. */
  line: number;
  endLine: number;
  /** Character range to delete (the row and the comma after it). */
  start: number;
  end: number;
  /** The row's text, shortened for display. */
  text: string;
  /** For a row that is a plain phrase (or a table key), the phrase: it can only matter to text holding it. */
  words?: string;
}

export function rowsOf(root: string, path: string): Row[] {
  const source = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const rows: Row[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const init = unwrap(declaration.initializer);
      const elements = ts.isArrayLiteralExpression(init) ? [...init.elements] : ts.isObjectLiteralExpression(init) ? [...init.properties] : [];
      // A one-row table is the table itself, not a list of rows to do without.
      if (elements.length < 2) continue;
      elements.forEach((element, index) => {
        const start = element.getStart(file);
        let end = element.getEnd();
        const after = source.slice(end).match(/^\s*,/);
        if (after) end += after[0].length;
        rows.push({
          file: relative(root, path),
          table: declaration.name.getText(file),
          index,
          line: file.getLineAndCharacterOfPosition(start).line + 1,
          endLine: file.getLineAndCharacterOfPosition(element.getEnd()).line + 1,
          start,
          end,
          text: oneLine(element.getText(file)),
          ...phraseOf(element),
        });
      });
    }
  }
  return rows;
}

/** A string row, or a table entry with a string key, whose text is a literal phrase (no pattern syntax). */
function phraseOf(element: ts.Node): { words?: string } {
  const node = ts.isPropertyAssignment(element) ? element.name : element;
  if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !(ts.isIdentifier(node) && ts.isPropertyAssignment(element))) return {};
  const words = node.text;
  return /[\\()[\]|?*+{}^$]/.test(words) || words.trim() === '' ? {} : { words };
}

/** `[...] as const`, `([...])`, `[...] satisfies T`: the literal inside. */
function unwrap(node: ts.Expression): ts.Expression {
  while (ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  return node;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 90 ? `${flat.slice(0, 87)}...` : flat;
}

/** Removes a row from its file's text. */
export function withoutRow(source: string, row: Pick<Row, 'start' | 'end'>): string {
  return source.slice(0, row.start) + source.slice(row.end);
}
