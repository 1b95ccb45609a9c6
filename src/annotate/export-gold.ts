/**
 * Annotations → gold items (LABELING.md format, what `felicity validate --gold` reads): the item's
 * whole turn record with a `gold` field and the annotator's name. One line per item: the named
 * annotator's annotation, or by default the first annotator (by name) who saved one.
 */
import { goldOf } from './annotation.ts';
import type { AnnotationStore } from './store.ts';

export interface ExportResult {
  lines: string[];
  items: number;
  notAnnotated: number;
}

export function exportGold(store: AnnotationStore, options: { annotator?: string } = {}): ExportResult {
  const byItem = new Map<string, ReturnType<AnnotationStore['allAnnotations']>>();
  for (const a of store.allAnnotations()) {
    if (options.annotator !== undefined && a.annotator !== options.annotator) continue;
    byItem.set(a.itemId, [...(byItem.get(a.itemId) ?? []), a]);
  }
  const lines: string[] = [];
  let notAnnotated = 0;
  for (const item of store.items()) {
    const chosen = byItem.get(item.id)?.sort((a, b) => a.annotator.localeCompare(b.annotator))[0];
    if (!chosen) {
      if (options.annotator === undefined || store.isAssigned(options.annotator, item.id)) notAnnotated++;
      continue;
    }
    const gold = goldOf(chosen.annotation, item.facts);
    lines.push(JSON.stringify({ ...item.record, id: item.id, model: item.model, stratum: item.stratum, annotator: chosen.annotator, gold }));
  }
  return { lines, items: lines.length, notAnnotated };
}
