/**
 * The `next` page of the emergency symptoms screen: only a same-origin relative path is
 * allowed (starts with a single "/", no backslashes, no scheme); anything else gives home.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  try {
    const base = 'https://app.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
