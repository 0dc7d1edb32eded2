/** The sign-out address (spec 2): /signout with targetPath and, when known, tenantId. */
export function signOutUrl(targetPath: string, tenantId?: string): string {
  const query = new URLSearchParams({ targetPath });
  if (tenantId) query.set('tenantId', tenantId);
  return `/signout?${query.toString()}`;
}
