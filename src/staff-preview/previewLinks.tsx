import { BackLink as NhsBackLink } from 'nhsuk-react-components';

/** The staff Forms page (server-rendered): a full page load, not an app route. */
export const FORMS_PAGE = '/practice/forms';

/** The design system's back link, to the staff Forms page. */
export function PreviewBackLink() {
  return <NhsBackLink href={FORMS_PAGE}>Back to forms</NhsBackLink>;
}
