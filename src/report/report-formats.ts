/** The outputs a report can write; apart from the writer so `felicity report --help` loads none of it. */
export const REPORT_FORMATS = ['md', 'csv', 'json', 'svg', 'png', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
