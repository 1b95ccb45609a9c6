/** The formats `felicity export` writes; apart from the exporter so the command's help loads none of it. */
export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
