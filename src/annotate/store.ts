/**
 * The annotation store: one SQLite file (node:sqlite) holding the items, who is assigned which,
 * each annotator's token (as a SHA-256 hash) and every annotation as last saved. Items keep the
 * whole record (with the model and anything else) for export; annotators are only ever given
 * `view`, built at sampling time without the model's name or the checker's labels.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { Doability } from '../core/types.ts';
import { nodeSqlite } from '../store/node-sqlite.ts';
import { annotationSchema, type Annotation, type ItemFacts } from './annotation.ts';

/** What an annotator sees of an item. */
export interface ItemView {
  id: string;
  /** The deployment in plain words (what the assistant could and could not do). */
  deployment: string;
  /** The conversation up to and including the judged turn: user messages, replies, tool calls and results. */
  messages: { role: string; text: string; calls?: { name: string; arguments: string }[] }[];
}

export interface StoredItem {
  id: string;
  stratum: string;
  flagged: boolean;
  overlap: boolean;
  model: string;
  record: Record<string, unknown>;
  view: ItemView;
  facts: ItemFacts;
  annotators: string[];
}

export interface StoredAnnotation {
  annotator: string;
  itemId: string;
  annotation: Annotation;
  suggested: string;
  updatedAt: string;
}

export class AnnotationStoreError extends Error {
  override readonly name = 'AnnotationStoreError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS items (
  id TEXT PRIMARY KEY, position INTEGER NOT NULL, stratum TEXT NOT NULL, flagged INTEGER NOT NULL, overlap INTEGER NOT NULL,
  model TEXT NOT NULL, record TEXT NOT NULL, view TEXT NOT NULL, doability TEXT, enabling_call INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS annotators (name TEXT PRIMARY KEY, token_hash TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS assignments (annotator TEXT NOT NULL, item_id TEXT NOT NULL, PRIMARY KEY (annotator, item_id));
CREATE TABLE IF NOT EXISTS annotations (
  annotator TEXT NOT NULL, item_id TEXT NOT NULL, data TEXT NOT NULL, suggested TEXT NOT NULL, updated_at TEXT NOT NULL,
  PRIMARY KEY (annotator, item_id));
`;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class AnnotationStore {
  private constructor(
    private readonly db: DatabaseSync,
    readonly file: string,
  ) {}

  /** Opens `file`; with `create`, makes it when missing (and refuses one that already holds items). */
  static open(file: string, options: { create?: boolean } = {}): AnnotationStore {
    const { DatabaseSync } = nodeSqlite('felicity annotate');
    if (!options.create && !fs.existsSync(file)) throw new AnnotationStoreError(file, 'no such annotation database (make one with `felicity annotate sample`)');
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(file, { timeout: 5000 });
      db.exec('PRAGMA journal_mode = WAL');
      db.exec(SCHEMA);
    } catch (error) {
      throw new AnnotationStoreError(file, `not a usable annotation database: ${(error as Error).message}`);
    }
    const store = new AnnotationStore(db, file);
    if (options.create && store.itemCount() > 0) {
      db.close();
      throw new AnnotationStoreError(file, 'already holds an annotation set; pick a new --db file');
    }
    return store;
  }

  close(): void {
    this.db.close();
  }

  itemCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n;
  }

  addItems(items: readonly StoredItem[]): void {
    const insertItem = this.db.prepare('INSERT INTO items (id, position, stratum, flagged, overlap, model, record, view, doability, enabling_call) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const insertAnnotator = this.db.prepare('INSERT OR IGNORE INTO annotators (name, token_hash) VALUES (?, NULL)');
    const assign = this.db.prepare('INSERT INTO assignments (annotator, item_id) VALUES (?, ?)');
    this.db.exec('BEGIN');
    try {
      items.forEach((item, position) => {
        insertItem.run(item.id, position, item.stratum, item.flagged ? 1 : 0, item.overlap ? 1 : 0, item.model, JSON.stringify(item.record), JSON.stringify(item.view), item.facts.doability, item.facts.enablingCallMade ? 1 : 0);
        for (const name of item.annotators) {
          insertAnnotator.run(name);
          assign.run(name, item.id);
        }
      });
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  annotators(): string[] {
    return (this.db.prepare('SELECT name FROM annotators ORDER BY name').all() as { name: string }[]).map((r) => r.name);
  }

  /** A new token for `name` (the old one stops working); only its hash is kept. */
  issueToken(name: string): string {
    const token = randomBytes(24).toString('base64url');
    const changed = this.db.prepare('UPDATE annotators SET token_hash = ? WHERE name = ?').run(hashToken(token), name).changes;
    if (changed === 0) throw new AnnotationStoreError(this.file, `no annotator named "${name}" (annotators: ${this.annotators().join(', ')})`);
    return token;
  }

  annotatorForToken(token: string): string | undefined {
    if (token.length === 0 || token.length > 200) return undefined;
    return (this.db.prepare('SELECT name FROM annotators WHERE token_hash = ?').get(hashToken(token)) as { name: string } | undefined)?.name;
  }

  /**
   * The annotator's items in order, and whether each has been saved at least once. `key` is the
   * item's number in the set, what the page and the API use: an id can name a model or a setup.
   */
  queue(annotator: string): { id: string; key: number; done: boolean }[] {
    const rows = this.db
      .prepare(
        `SELECT i.id AS id, i.position AS position, (a.item_id IS NOT NULL) AS done FROM assignments s JOIN items i ON i.id = s.item_id
         LEFT JOIN annotations a ON a.item_id = s.item_id AND a.annotator = s.annotator WHERE s.annotator = ? ORDER BY i.position`,
      )
      .all(annotator) as { id: string; position: number; done: number }[];
    return rows.map((r) => ({ id: r.id, key: r.position + 1, done: r.done === 1 }));
  }

  /** The id of the item numbered `key` (1-based), if any. */
  idForKey(key: number): string | undefined {
    if (!Number.isSafeInteger(key) || key < 1) return undefined;
    return (this.db.prepare('SELECT id FROM items WHERE position = ?').get(key - 1) as { id: string } | undefined)?.id;
  }

  isAssigned(annotator: string, itemId: string): boolean {
    return this.db.prepare('SELECT 1 FROM assignments WHERE annotator = ? AND item_id = ?').get(annotator, itemId) !== undefined;
  }

  view(itemId: string): ItemView | undefined {
    const row = this.db.prepare('SELECT view FROM items WHERE id = ?').get(itemId) as { view: string } | undefined;
    return row ? (JSON.parse(row.view) as ItemView) : undefined;
  }

  facts(itemId: string): ItemFacts | undefined {
    const row = this.db.prepare('SELECT doability, enabling_call FROM items WHERE id = ?').get(itemId) as { doability: string | null; enabling_call: number } | undefined;
    return row ? { doability: row.doability as Doability | null, enablingCallMade: row.enabling_call === 1 } : undefined;
  }

  annotation(annotator: string, itemId: string): StoredAnnotation | undefined {
    const row = this.db.prepare('SELECT data, suggested, updated_at FROM annotations WHERE annotator = ? AND item_id = ?').get(annotator, itemId) as { data: string; suggested: string; updated_at: string } | undefined;
    return row ? { annotator, itemId, annotation: annotationSchema.parse(JSON.parse(row.data)), suggested: row.suggested, updatedAt: row.updated_at } : undefined;
  }

  save(annotator: string, itemId: string, annotation: Annotation, suggested: string): string {
    const at = new Date().toISOString();
    this.db
      .prepare('INSERT INTO annotations (annotator, item_id, data, suggested, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (annotator, item_id) DO UPDATE SET data = excluded.data, suggested = excluded.suggested, updated_at = excluded.updated_at')
      .run(annotator, itemId, JSON.stringify(annotation), suggested, at);
    return at;
  }

  /** Every item with its record (for export), in order. */
  items(): { id: string; key: number; stratum: string; flagged: boolean; overlap: boolean; model: string; record: Record<string, unknown>; facts: ItemFacts }[] {
    const rows = this.db.prepare('SELECT id, position, stratum, flagged, overlap, model, record, doability, enabling_call FROM items ORDER BY position').all() as {
      id: string; position: number; stratum: string; flagged: number; overlap: number; model: string; record: string; doability: string | null; enabling_call: number;
    }[];
    return rows.map((r) => ({ id: r.id, key: r.position + 1, stratum: r.stratum, flagged: r.flagged === 1, overlap: r.overlap === 1, model: r.model, record: JSON.parse(r.record) as Record<string, unknown>, facts: { doability: r.doability as Doability | null, enablingCallMade: r.enabling_call === 1 } }));
  }

  allAnnotations(): StoredAnnotation[] {
    const rows = this.db.prepare('SELECT annotator, item_id, data, suggested, updated_at FROM annotations ORDER BY item_id, annotator').all() as { annotator: string; item_id: string; data: string; suggested: string; updated_at: string }[];
    return rows.map((r) => ({ annotator: r.annotator, itemId: r.item_id, annotation: annotationSchema.parse(JSON.parse(r.data)), suggested: r.suggested, updatedAt: r.updated_at }));
  }
}
