import DOMPurify from 'dompurify';

/**
 * Practice-written HTML (notices) made safe to show: DOMPurify removes scripts, event-handler
 * attributes and javascript: URLs, and we also drop inline styles (our CSP forbids them),
 * forms and frames. Formatting (paragraphs, lists, emphasis, headings, links) is kept.
 */
export function sanitisePracticeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'img', 'svg', 'math'],
    FORBID_ATTR: ['style', 'class', 'id'],
    ALLOW_DATA_ATTR: false,
  });
}
