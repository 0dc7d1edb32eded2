// NHS login (simulated by the embedded practice API; schemas/api/README.md, "Login and postcode").
import type { NhsUserInfo } from '../../generated/types/api/nhs-user-info';
import type { Patient } from '../../generated/types/api/patient';
import { getJson } from './client';

export const LOGIN_PATHS = {
  isLoggedIn: '/nhs-login/is-logged-in',
  userInfo: '/nhs-login/user-info',
  eprPatient: '/nhs-login/epr/patient',
  authorize: '/nhs-login/authorize',
  signOut: '/signout',
} as const;

export const isLoggedIn = (): Promise<boolean> => getJson<unknown>(LOGIN_PATHS.isLoggedIn).then((answer) => answer === true);

export const getUserInfo = (): Promise<NhsUserInfo> => getJson<NhsUserInfo>(LOGIN_PATHS.userInfo);

/** The signed-in patient's practice record (401 without a session). */
export const getEprPatient = (): Promise<Partial<Patient>> => getJson<Partial<Patient>>(LOGIN_PATHS.eprPatient);

/** Where the browser goes to sign in; the provider comes back to `redirect` (or `cancelUri` when the patient cancels). */
export function authorizeUrl(redirect: string, cancelUri: string, tenantId?: string): string {
  const tenant = tenantId ? `&tenantId=${encodeURIComponent(tenantId)}` : '';
  return `${LOGIN_PATHS.authorize}?redirect=${encodeURIComponent(redirect)}&cancelUri=${encodeURIComponent(cancelUri)}${tenant}`;
}

/** The sign-out address: /signout with targetPath and, when known, tenantId. */
export function signOutUrl(targetPath: string, tenantId?: string): string {
  const query = new URLSearchParams({ targetPath });
  if (tenantId) query.set('tenantId', tenantId);
  return `${LOGIN_PATHS.signOut}?${query.toString()}`;
}
