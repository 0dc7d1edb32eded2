import { mutate } from 'swr';
import { signOutUrl } from '../api/index';
import { clearAllFlowStates } from '../flows/flowState';
import { allowLeaving } from '../shell/useLeaveGuard';

/** Where logout lands: a page that says the patient is logged out and their details are gone from the tab. */
const LOGGED_OUT_PATH = '/logged-out';

/**
 * The one logout (README "The patient app"): forget everything of the patient this tab holds —
 * every flow's answers and details in sessionStorage, and swr's cached answers (NHS login user
 * info, login state) — then end the NHS login session and land on the logged-out page. Nothing
 * the patient typed can then be sent in their name.
 */
export async function logout(tenantId: string | undefined): Promise<void> {
  allowLeaving();
  clearAllFlowStates();
  await mutate(() => true, undefined, { revalidate: false });
  // Sign-out is a same-site POST (a GET /signout from another site must not sign anyone out): a
  // form submitted to /signout?targetPath=…, which answers with a redirect to the logged-out page.
  const form = document.createElement('form');
  form.method = 'post';
  form.action = signOutUrl(LOGGED_OUT_PATH, tenantId);
  form.hidden = true;
  document.body.appendChild(form);
  form.submit();
}
