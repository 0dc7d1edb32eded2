/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A plain server-rendered page: no scripts, no inline styles (the strict CSP applies). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="main-content">
${body}
</main>
</body>
</html>
`;
}

/**
 * A same-site path to go back to after login or sign-out; anything else becomes `fallback`.
 * Refused outright: non-strings, anything not starting with one "/", and any control or
 * whitespace character or backslash anywhere (browsers strip tabs and newlines and read "\\" as
 * "/" *after* our check, so "/\t/evil.example" would become "//evil.example"). What passes is
 * resolved against a placeholder origin and must stay on it; the answer is the URL's own
 * serialisation (path, query, fragment), so percent-encoding is always well formed and no
 * character a Location header cannot carry gets through.
 */
export function safeLocalPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value.startsWith('/') || /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/.test(value)) return fallback;
  if (value.startsWith('//')) return fallback;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // A stray "%" not starting an escape is itself escaped, so the path means what it says.
  const result = `${url.pathname}${url.search}${url.hash}`.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return result.startsWith('/') && !result.startsWith('//') ? result : fallback;
}
