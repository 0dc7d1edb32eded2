import { useClinic } from '../api/settings';
import { usePageTitle } from '../shell/usePageTitle';

export function HomePage() {
  usePageTitle('Online services');
  const { data: clinic } = useClinic();
  return (
    <>
      <h1>Welcome to {clinic?.name ?? 'your GP practice'} online services</h1>
      <p className="nhsuk-lede-text">Get help from your GP practice: ask for medical advice, send an admin request, or book an appointment.</p>
    </>
  );
}
