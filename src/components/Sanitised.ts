import DOMPurify from 'dompurify';

/**
 * Renames event-handler and style attributes (`onerror=` → `x-onerror=`) inside tags before
 * parsing. Not the security layer (DOMPurify is): parsing HTML in the browser, even into
 * DOMPurify's inert document, makes Chrome report a CSP violation (script-src-attr,
 * style-src-attr) for every such attribute it meets. Renamed attributes are unknown to DOMPurify and dropped by it.
 */
function neutraliseHandlerAttributes(html: string): string {
  return html.replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(/([\s/"'])(on[a-z-]*|style)(\s*=)/gi, '$1x-$2$3'));
}

/**
 * Practice-written HTML (notices) made safe to show: DOMPurify removes scripts, event-handler
 * attributes and javascript: URLs, and we also drop inline styles (our CSP forbids them),
 * images (img-src is 'self'), forms and frames. Formatting (paragraphs, lists, emphasis,
 * headings, links) is kept.
 */
export function sanitisePracticeHtml(html: string): string {
  return DOMPurify.sanitize(neutraliseHandlerAttributes(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'img', 'svg', 'math'],
    FORBID_ATTR: ['style', 'class', 'id'],
    ALLOW_DATA_ATTR: false,
  });
}
