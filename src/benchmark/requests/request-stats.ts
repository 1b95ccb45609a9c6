/**
 * Composition of a request set: counts by category × source, as data and as a text table.
 */
import { CATEGORIES, type Category } from '../../core/types.ts';
import { SOURCES, type RequestRecord, type RequestSource } from './request-record.ts';

export interface Composition {
  /** counts[category][source]; every category and source present, zero when empty. */
  counts: Record<Category, Record<RequestSource, number>>;
  byCategory: Record<Category, number>;
  bySource: Record<RequestSource, number>;
  total: number;
}

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

export function composition(records: readonly RequestRecord[]): Composition {
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, zeros(SOURCES)])) as Composition['counts'];
  const byCategory = zeros(CATEGORIES);
  const bySource = zeros(SOURCES);
  for (const r of records) {
    counts[r.category][r.source] += 1;
    byCategory[r.category] += 1;
    bySource[r.source] += 1;
  }
  return { counts, byCategory, bySource, total: records.length };
}

/** A fixed-width table; source columns that are empty in every row are left out. */
export function formatCompositionTable(c: Composition): string {
  const sources = SOURCES.filter((s) => c.bySource[s] > 0);
  const header = ['category', ...sources, 'total'];
  const rows = CATEGORIES.map((cat) => [cat, ...sources.map((s) => String(c.counts[cat][s])), String(c.byCategory[cat])]);
  rows.push(['total', ...sources.map((s) => String(c.bySource[s])), String(c.total)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
