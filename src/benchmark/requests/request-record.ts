/**
 * The request record (SPEC §4): one benchmark request with the context sent before it and where it
 * came from. Unknown fields are kept (loose objects) so other tools can annotate a set.
 */
import { z } from 'zod';
import { CATEGORIES, DOABILITIES } from '../../core/types.ts';

/** Public corpora a request can be mined from; `massive` shares SLURP's English text. */
export const CORPORA = ['slurp', 'massive', 'bitext'] as const;
export const SOURCES = [...CORPORA, 'template', 'hand'] as const;
export type RequestSource = (typeof SOURCES)[number];

// A refinement, not .trim(): parsing must not change values, or the set hash of parsed records
// would differ from the hash of the file.
const text = z.string().refine((s) => s.trim().length > 0, 'must be a non-empty string');

/** Where a mined request came from, precisely enough to find the row again. */
export const corpusProvenanceSchema = z.looseObject({
  corpus: z.enum(CORPORA),
  file: text,
  /** Which column or counter `row_id` is: `slurp_id`, `id`, `line`, or `row` (1-based CSV data row). */
  id_field: text,
  row_id: z.union([z.number().int().nonnegative(), text]),
  original: text,
  /** The corpus' intent label; null for unlabelled text (SLURP lm.txt). */
  intent: z.string().nullable(),
  /** What the curator changed, in words ("rewrote transcript as typed request; …"). */
  changed: text,
  licence: text,
});

export const templateProvenanceSchema = z.looseObject({
  template_id: text,
  template: text,
  fills: z.record(z.string(), z.string()),
});

export const handProvenanceSchema = z.looseObject({
  hand_written: z.literal(true),
  note: text,
});

const common = {
  id: text,
  category: z.enum(CATEGORIES),
  context: text,
  request: text,
  doable: z.enum(DOABILITIES).optional(),
};

export const requestRecordSchema = z.discriminatedUnion('source', [
  z.looseObject({ ...common, source: z.enum(CORPORA), provenance: corpusProvenanceSchema }),
  z.looseObject({ ...common, source: z.literal('template'), provenance: templateProvenanceSchema }),
  z.looseObject({ ...common, source: z.literal('hand'), provenance: handProvenanceSchema }),
]);

export type RequestRecord = z.infer<typeof requestRecordSchema>;
export type CorpusProvenance = z.infer<typeof corpusProvenanceSchema>;
export type TemplateProvenance = z.infer<typeof templateProvenanceSchema>;
