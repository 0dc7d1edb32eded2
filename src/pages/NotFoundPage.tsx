import { NOT_FOUND_HEADING } from '../errors/messages';
import { NOT_FOUND_PAGE_NAME } from '../routing/routeTable';
import { usePageTitle } from '../shell/usePageTitle';
import { useSettings } from '../settings/useSettings';
import { CallThePractice } from '../components/PracticePhone';

/** Unknown paths and closed feature gates (code 404, the practice phone, the practice home page). */
export default function NotFoundPage() {
  usePageTitle(NOT_FOUND_PAGE_NAME);
  const { settings } = useSettings();
  const { telephone, clinicUrl, name } = settings.clinic;
  return (
    <>
      <h1>{NOT_FOUND_HEADING}</h1>
      <p data-testid="error-code">Error code: 404</p>
      <p>If you typed the web address, check it is correct. If you pasted the web address, check you copied the entire address.</p>
      {telephone ? (
        <p>
          <CallThePractice before={`If you need help, call ${name}`} />
        </p>
      ) : null}
      {clinicUrl ? (
        <p>
          <a href={clinicUrl}>Go to the practice home page</a>
        </p>
      ) : null}
    </>
  );
}
