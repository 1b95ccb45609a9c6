/** Where a value sits in a YAML file, for errors that name the line. */
import { isMap, isScalar, type LineCounter, type Node } from 'yaml';

/** The 1-based line of the key `key` inside the map at `path`, or of the value at `path`. */
export function lineOf(root: Node | null, path: readonly PropertyKey[], key: string | undefined, lines: LineCounter): number | null {
  let node: unknown = root;
  for (const k of path) node = isMap(node) ? node.get(k, true) : undefined;
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    const range = (pair?.key as Node | undefined)?.range;
    return range === undefined || range === null ? null : lines.linePos(range[0]).line;
  }
  const range = (node as Node | undefined)?.range;
  return range === undefined || range === null ? null : lines.linePos(range[0]).line;
}
