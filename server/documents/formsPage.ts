// The staff "Forms" pages, drawn on the server with the design system's CSS (server/staffPage.ts):
// every document with its source, version, check and links (edit, versions, preview); one
// document's versions; one version's text compared with the live one, and Restore.
import { diffLines } from 'diff';
import { escapeHtml } from '../html.js';
import { staffPage, staffTime, tag } from '../staffPage.js';
import type { DocumentListEntry, ReloadResult } from './liveDocuments.js';
import type { DocumentKind, DocumentVersion, VersionRecord } from './versions.js';

export const FORMS_PAGE = '/practice/forms';
/** The preview of one document as the patient sees it (drawn by the app). */
const previewPath = (kind: DocumentKind, id: string) => `${FORMS_PAGE}/preview/${kind}/${encodeURIComponent(id)}`;
/** The editor of one document (drawn by the app, src/staff-editor). */
const EDITOR_PAGE_PREFIX = `${FORMS_PAGE}/edit/`;
const editorPath = (kind: DocumentKind, id: string) => `${EDITOR_PAGE_PREFIX}${kind}/${encodeURIComponent(id)}`;
export const versionsPath = (kind: DocumentKind, id: string) => `${FORMS_PAGE}/versions/${kind}/${encodeURIComponent(id)}`;

const KIND_LABEL: Record<DocumentKind, string> = { form: 'Form', pathway: 'Pathway' };
const rowId = (kind: DocumentKind, id: string) => `doc-${kind}-${id.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function errorList(errors: ReadonlyArray<{ file: string; path: string; message: string }>): string {
  return `<ul class="nhsuk-list nhsuk-list--bullet nhsuk-body-s">${errors
    .map((e) => `<li><code>${escapeHtml(e.file)}</code>${e.path ? ` <code>${escapeHtml(e.path)}</code>` : ''}: ${escapeHtml(e.message)}</li>`)
    .join('')}</ul>`;
}

const OUTCOME: Record<ReloadResult['outcome'], { text: string; colour: 'green' | 'grey' | 'red' | 'blue' }> = {
  added: { text: 'Added', colour: 'green' },
  replaced: { text: 'Replaced', colour: 'green' },
  unchanged: { text: 'Unchanged', colour: 'grey' },
  refused: { text: 'Refused', colour: 'red' },
  removed: { text: 'Removed', colour: 'grey' },
};
const OUTCOME_NOTE: Partial<Record<ReloadResult['outcome'], string>> = {
  refused: 'the previous version keeps serving',
  removed: 'its file is gone, so it no longer serves',
};

const table = (id: string, caption: string, heads: readonly string[], rows: readonly string[]) => `<div class="app-table-wrap">
<table class="nhsuk-table" id="${id}">
<caption class="nhsuk-table__caption">${escapeHtml(caption)}</caption>
<thead class="nhsuk-table__head"><tr class="nhsuk-table__row">${heads.map((h) => `<th class="nhsuk-table__header" scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody class="nhsuk-table__body">
${rows.join('\n')}
</tbody>
</table>
</div>`;
const cell = (html: string) => `<td class="nhsuk-table__cell">${html}</td>`;

function resultsHtml(results: readonly ReloadResult[]): string {
  const changed = results.filter((r) => r.outcome !== 'unchanged');
  const refused = changed.filter((r) => r.outcome === 'refused');
  const summary =
    changed.length === 0
      ? 'No document has changed since the last reload.'
      : `${changed.length} document${changed.length === 1 ? '' : 's'} changed: ${changed.length - refused.length} now live, ${refused.length} refused.`;
  const rows = changed.map((r) => {
    const note = OUTCOME_NOTE[r.outcome];
    const outcome = `${tag(OUTCOME[r.outcome].text, OUTCOME[r.outcome].colour)}${note ? ` ${escapeHtml(note)}` : ''}${r.version !== undefined ? ` (version ${r.version} serving)` : ''}`;
    return `<tr class="nhsuk-table__row">${cell(KIND_LABEL[r.kind])}${cell(`<code>${escapeHtml(r.id)}</code>`)}${cell(`${outcome}${r.errors.length > 0 ? errorList(r.errors) : ''}`)}</tr>`;
  });
  const card = refused.length > 0 ? ' nhsuk-card--care nhsuk-card--care--urgent' : '';
  return `<section class="nhsuk-card${card}" id="reload-results" aria-labelledby="reload-results-heading">
<div class="nhsuk-card__content">
<h2 class="nhsuk-card__heading" id="reload-results-heading" role="status">Reload results</h2>
<p>${escapeHtml(summary)}</p>
${rows.length > 0 ? table('reload-results-table', 'What the reload did', ['Kind', 'Document', 'Outcome'], rows) : ''}
</div>
</section>`;
}

function statusHtml(d: DocumentListEntry): string {
  if (!d.live)
    return `${tag('Refused', 'red')} ${tag('Not live', 'grey')}<p class="nhsuk-body-s">Never passed its checks, so patients do not get it.</p>${errorList(d.check.errors)}`;
  if (!d.check.ok)
    return `${tag('Refused', 'red')}<p class="nhsuk-body-s">The file has problems; version ${d.version} keeps serving.</p>${errorList(d.check.errors)}`;
  return tag('Live', 'green');
}

function sourceHtml(d: DocumentListEntry): string {
  if (d.source === 'built-in') return 'Built in';
  return d.overrides ? `Practice folder ${tag('Overridden', 'orange')}<span class="nhsuk-body-s"> (replaces the built-in one)</span>` : 'Practice folder';
}

/** The staff "Forms" page: every document, its check, source and version, its links, and Reload. */
export function formsPage(list: readonly (DocumentListEntry & { overrides?: boolean })[], results?: readonly ReloadResult[]): string {
  const rows = list.map((d) => {
    const version = d.live ? `Version ${d.version}<br><span class="nhsuk-body-s">${staffTime(d.updatedAt)} by ${escapeHtml(d.updatedBy)}</span>` : 'None';
    const links = [
      `<a href="${editorPath(d.kind, d.id)}">Edit<span class="nhsuk-u-visually-hidden"> ${escapeHtml(d.id)}</span></a>`,
      d.live ? `<a href="${versionsPath(d.kind, d.id)}">Versions<span class="nhsuk-u-visually-hidden"> of ${escapeHtml(d.id)}</span></a>` : '',
      d.live ? `<a href="${previewPath(d.kind, d.id)}">Preview<span class="nhsuk-u-visually-hidden"> ${escapeHtml(d.id)}</span></a>` : '',
    ].filter(Boolean);
    return `<tr class="nhsuk-table__row" id="${rowId(d.kind, d.id)}" data-kind="${d.kind}" data-id="${escapeHtml(d.id)}">
${cell(KIND_LABEL[d.kind])}
${cell(`<code>${escapeHtml(d.id)}</code><br><span class="nhsuk-body-s">${escapeHtml(d.file)}</span>`)}
${cell(sourceHtml(d))}
${cell(version)}
${cell(statusHtml(d))}
${cell(`<ul class="nhsuk-list">${links.map((l) => `<li>${l}</li>`).join('')}</ul>`)}
</tr>`;
  });
  const refused = list.filter((d) => !d.check.ok);
  const refusedCard =
    refused.length > 0
      ? `<div class="nhsuk-warning-callout" id="refused-documents">
<h2 class="nhsuk-warning-callout__label"><span role="text"><span class="nhsuk-u-visually-hidden">Important: </span>${refused.length} document${refused.length === 1 ? '' : 's'} refused</span></h2>
<ul>${refused.map((d) => `<li><a href="#${rowId(d.kind, d.id)}">${KIND_LABEL[d.kind]} ${escapeHtml(d.id)}</a>: ${d.live ? `version ${d.version} keeps serving` : 'not live'}</li>`).join('')}</ul>
</div>`
      : '';
  const body = `<h1>Forms and pathways</h1>
<p>Every form and pathway document the service uses now: built in, or from the practice folder (<code>practice/forms</code> and <code>practice/questionnaires</code> in the server's data folder). Change one in the browser with <strong>Edit</strong> (check, preview the draft, publish), or edit its JSON file in the practice folder and press Reload documents. A document with problems is refused and the version shown keeps serving.</p>
${results ? resultsHtml(results) : ''}
${refusedCard}
<form method="post" action="${FORMS_PAGE}/reload">
<input type="hidden" name="reload" value="1">
<button class="nhsuk-button" type="submit">Reload documents</button>
</form>
<p>${list.length} documents, ${refused.length === 0 ? 'all live with no problems' : `${refused.length} refused`}.</p>
${table('documents-table', 'Documents', ['Kind', 'Document', 'Source', 'Version', 'Status', 'Actions'], rows)}`;
  return staffPage('Forms and pathways', body, FORMS_PAGE);
}

const back = (href: string, text: string) => `<div class="nhsuk-back-link"><a class="nhsuk-back-link__link" href="${href}">${escapeHtml(text)}</a></div>`;

/** One document's versions, newest first, each with a link to its text. */
export function versionsPage(
  kind: DocumentKind,
  id: string,
  live: number | undefined,
  versions: ReadonlyArray<DocumentVersion & { note?: string }>,
  notice?: string,
): string {
  const rows = versions.map(
    (v) => `<tr class="nhsuk-table__row" data-version="${v.version}">
${cell(`<a href="${versionsPath(kind, id)}/${v.version}">Version ${v.version}</a>${v.version === live ? ` ${tag('Live', 'green')}` : ''}`)}
${cell(staffTime(v.updatedAt))}
${cell(escapeHtml(v.updatedBy))}
${cell(v.note ? escapeHtml(v.note) : '')}
${cell(`<code>${escapeHtml(v.hash)}</code>`)}
</tr>`,
  );
  const body = `${back(FORMS_PAGE, 'Forms and pathways')}
<span class="nhsuk-caption-l">${KIND_LABEL[kind]}</span>
<h1>Versions of ${escapeHtml(id)}</h1>
${notice ? `<div class="nhsuk-inset-text" role="status"><p>${escapeHtml(notice)}</p></div>` : ''}
<p>Every version that has been live, newest first. Open one to read its text, compare it with the live version and restore it.</p>
${table('versions-table', `Versions of ${id}`, ['Version', 'Live from', 'By', 'Change note', 'Hash'], rows)}`;
  return staffPage(`Versions of ${id}`, body, FORMS_PAGE);
}

/** The line diff of two texts: removed lines struck through, added ones marked (and said for screen readers). */
function diffHtml(from: string, to: string): string {
  const parts = diffLines(from.endsWith('\n') ? from : `${from}\n`, to.endsWith('\n') ? to : `${to}\n`);
  const lines = parts.flatMap((p) =>
    p.value
      .replace(/\n$/, '')
      .split('\n')
      .map((line) =>
        p.added
          ? `<ins class="app-diff__line app-diff__line--added"><span class="nhsuk-u-visually-hidden">Added: </span>+ ${escapeHtml(line)}</ins>`
          : p.removed
            ? `<del class="app-diff__line app-diff__line--removed"><span class="nhsuk-u-visually-hidden">Removed: </span>- ${escapeHtml(line)}</del>`
            : `<span class="app-diff__line">  ${escapeHtml(line)}</span>`,
      ),
  );
  return lines.join('');
}

/** One version: who, when, its note, a diff against the live text, Restore, and the text itself. */
export function versionPage(kind: DocumentKind, id: string, v: VersionRecord, liveText: string | undefined, liveVersion: number | undefined): string {
  const isLive = v.version === liveVersion;
  const restore = isLive
    ? '<p>This is the live version.</p>'
    : `<form method="post" action="${versionsPath(kind, id)}/${v.version}/restore">
<input type="hidden" name="restore" value="1">
<button class="nhsuk-button" type="submit">Restore version ${v.version}</button>
</form>
<p class="nhsuk-body-s">Restoring checks this text again and makes it live as a new version (it is written to the practice folder); the history keeps every version.</p>`;
  const body = `${back(versionsPath(kind, id), `Versions of ${id}`)}
<span class="nhsuk-caption-l">${KIND_LABEL[kind]} ${escapeHtml(id)}</span>
<h1>Version ${v.version}${isLive ? ` ${tag('Live', 'green')}` : ''}</h1>
<dl class="nhsuk-summary-list">
<div class="nhsuk-summary-list__row"><dt class="nhsuk-summary-list__key">Live from</dt><dd class="nhsuk-summary-list__value">${staffTime(v.updatedAt)}</dd></div>
<div class="nhsuk-summary-list__row"><dt class="nhsuk-summary-list__key">By</dt><dd class="nhsuk-summary-list__value">${escapeHtml(v.updatedBy)}</dd></div>
<div class="nhsuk-summary-list__row"><dt class="nhsuk-summary-list__key">Change note</dt><dd class="nhsuk-summary-list__value">${escapeHtml(v.note ?? 'None')}</dd></div>
<div class="nhsuk-summary-list__row"><dt class="nhsuk-summary-list__key">File</dt><dd class="nhsuk-summary-list__value"><code>${escapeHtml(v.file)}</code></dd></div>
<div class="nhsuk-summary-list__row"><dt class="nhsuk-summary-list__key">Hash</dt><dd class="nhsuk-summary-list__value"><code>${escapeHtml(v.hash)}</code></dd></div>
</dl>
${restore}
${
  liveText !== undefined && !isLive
    ? `<h2>Compared with the live version (${liveVersion})</h2>
<p class="nhsuk-body-s">Lines marked + are in version ${v.version} and not in the live one; lines struck through are in the live one only.</p>
<pre class="app-code" id="version-diff" tabindex="0">${diffHtml(liveText, v.body)}</pre>`
    : ''
}
<h2>Text of version ${v.version}</h2>
<pre class="app-code" id="version-text" tabindex="0">${escapeHtml(v.body)}</pre>`;
  return staffPage(`${id} version ${v.version}`, body, FORMS_PAGE);
}
