/**
 * report.html: one self-contained page (no network, works from file://). It leads with the
 * headline and the figures; a glossary of every abbreviation follows, then the tables (each
 * scrolling in its own box, headings explained by tooltips; Table 13 collapsed and split by
 * model), then a filterable list of every response. Figures are embedded as SVG images (an
 * <img> never runs script), responses as an escaped JSON block the page's own script renders
 * with textContent.
 */
import { CLIENT_SCRIPT } from './html-client.ts';
import { escapeHtml, scriptJson } from './html-escape.ts';
import { reportStyle } from './html-style.ts';
import { explainHeading, type GlossaryEntry } from './glossary.ts';
import type { ResponseView } from './response-view.ts';
import { toMarkdown, type Table } from './table.ts';

export interface HtmlInput {
  title: string;
  headline: string[];
  tables: Table[];
  figures: { id: string; svg: string }[];
  responses: ResponseView[];
  glossary: GlossaryEntry[];
}

const FILTERS = ['model', 'setup', 'variant', 'persona', 'fix', 'category', 'outcome'];

/** Tables long enough to be collapsed by default, split into one table per value of a column. */
const COLLAPSED: Readonly<Record<string, string>> = { table13: 'model' };

function heading(text: string, glossary: readonly GlossaryEntry[]): string {
  const meaning = explainHeading(text, glossary);
  return meaning === undefined ? escapeHtml(text) : `<abbr title="${escapeHtml(meaning)}">${escapeHtml(text)}</abbr>`;
}

function tableBody(table: Table, glossary: readonly GlossaryEntry[]): string {
  // The Markdown rendering already formats every cell; reuse its cells so all formats agree.
  const lines = toMarkdown(table).split('\n').filter((l) => l.startsWith('|'));
  const cells = (line: string) => line.slice(2, -2).split(' | ').map((c) => c.replaceAll('\\|', '|'));
  const [head, , ...body] = lines;
  const th = cells(head!).map((c) => `<th scope="col">${heading(c, glossary)}</th>`).join('');
  const rows = body.map((l) => `<tr>${cells(l).map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n');
  return `<div class="table-wrap" tabindex="0"><table><thead><tr>${th}</tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
}

/** The table's rows grouped by one column (kept in first-seen order), that column left out. */
function splitBy(table: Table, key: string): { value: string; table: Table }[] {
  const groups = new Map<string, Table>();
  const columns = table.columns.filter((c) => c.key !== key);
  for (const row of table.rows) {
    const value = String(row[key] ?? '');
    let group = groups.get(value);
    if (group === undefined) groups.set(value, (group = { ...table, columns, rows: [] }));
    group.rows.push(row);
  }
  return [...groups].map(([value, t]) => ({ value, table: t }));
}

function htmlTable(table: Table, glossary: readonly GlossaryEntry[]): string {
  const title = `<h3 id="${escapeHtml(table.id)}">${escapeHtml(table.title)}</h3>`;
  const by = COLLAPSED[table.id];
  if (by === undefined) return `${title}\n${tableBody(table, glossary)}`;
  const parts = splitBy(table, by);
  const inner = parts.length === 1 ? tableBody(parts[0]!.table, glossary) : parts.map((p) => `<h4>${escapeHtml(p.value)}</h4>\n${tableBody(p.table, glossary)}`).join('\n');
  const summary = `${table.rows.length} rows${parts.length > 1 ? `, one table per ${by} (${parts.map((p) => p.value).join(', ')})` : ''}: show`;
  return `${title}\n<details class="long" id="${escapeHtml(table.id)}-details"><summary>${escapeHtml(summary)}</summary>\n${inner}\n</details>`;
}

function glossaryHtml(entries: readonly GlossaryEntry[]): string {
  const items = entries.map((e) => `<div><dt>${escapeHtml(e.term)}</dt><dd>${escapeHtml(e.meaning)}</dd></div>`).join('\n');
  return `<section id="glossary"><h2>Glossary</h2>\n<p>Rates are percentages; every abbreviation in the tables and figures below. Hover a table heading for its meaning.</p>\n<dl>\n${items}\n</dl></section>`;
}

export function reportHtml(input: HtmlInput): string {
  const figures = input.figures
    .map((f) => `<figure id="${escapeHtml(f.id)}"><img alt="${escapeHtml(f.id)}" src="data:image/svg+xml;base64,${Buffer.from(f.svg).toString('base64')}"></figure>`)
    .join('\n');
  const filters = FILTERS.map((f) => `<label>${f} <select id="filter-${f}"><option value="">all</option></select></label>`).join('\n');
  const toc = [['headline', 'Headline'], ['figures', 'Figures'], ['glossary', 'Glossary'], ['tables', 'Tables'], ['responses-section', 'Responses']]
    .map(([id, text]) => `<a href="#${id}">${text}</a>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(input.title)}</title><style>${reportStyle()}</style></head>
<body>
<h1>${escapeHtml(input.title)}</h1>
<nav class="toc">${toc}</nav>
<section id="headline">${input.headline.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}</section>
<section id="figures"><h2>Figures</h2>
${figures}
</section>
${glossaryHtml(input.glossary)}
<section id="tables"><h2>Tables</h2>
${input.tables.map((t) => htmlTable(t, input.glossary)).join('\n')}
</section>
<section id="responses-section"><h2>Responses</h2>
<div class="filters">${filters}
<input id="search" type="search" placeholder="search replies" aria-label="search replies">
<span id="match-count"></span></div>
<ol id="responses"></ol>
<button id="show-more" type="button" hidden>show more</button>
</section>
<script type="application/json" id="responses-data">${scriptJson(input.responses)}</script>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
}
