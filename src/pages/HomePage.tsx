import { WithNumbersLinked } from '../screening/EmergencyNumber';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { Modal } from '../components/Modal';
import { SERVICE_OFF_MESSAGE } from '../errors/messages';
import { rememberEntryParams } from '../session/entryParams';
import { useServiceOpen } from '../settings/serviceStatus';
import { reopeningSentence } from '../../common';
import { useSettings } from '../settings/useSettings';
import { enabledAdminForms } from '../settings/adminForms';
import { endJourney } from '../flows/emergencyCheck';

// The notices and their sanitiser load when the patient opens them (README.md "Serving and speed on a phone").
const PracticeNotices = lazy(() => import('./PracticeNotices'));

interface Category {
  key: string;
  heading: string;
  description: string;
  to: string;
  off?: boolean;
}

function CategoryCard({ category }: { category: Category }) {
  return (
    <li className="nhsuk-grid-column-one-half nhsuk-card-group__item" data-testid={`category-${category.key}`}>
      {/* The design system's card markup as nhsuk-react-components' Card draws it, without that
          component (and its icons and actions) in home's first download. */}
      <div className={category.off ? 'nhsuk-card app-card--disabled' : 'nhsuk-card nhsuk-card--clickable'}>
        <div className="nhsuk-card__content">
          <h2 className="nhsuk-card__heading nhsuk-heading-m">
            {category.off ? (
              category.heading
            ) : (
              <Link className="nhsuk-card__link" to={category.to}>
                {category.heading}
              </Link>
            )}
          </h2>
          <p className="nhsuk-card__description">{category.description}</p>
          {category.off ? (
            <p className="nhsuk-body-s app-card__status" data-testid={`category-${category.key}-off`}>
              <strong>
                <WithNumbersLinked text={SERVICE_OFF_MESSAGE} />
              </strong>
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export default function HomePage() {
  // The journey is over here: the next one passes the emergency symptoms screen again. A layout
  // effect, so the journey has ended by the time anything of the home page can be seen or used.
  useLayoutEffect(() => endJourney(), []);
  const { settings, features } = useSettings();
  // One rule for every card (common/serviceOpen.ts): a child request is medical, as an adult's is.
  const medical = useServiceOpen('adult');
  const child = useServiceOpen('child');
  const admin = useServiceOpen('admin');
  const medicalOff = !medical.open;
  const adminOff = !admin.open;
  const reopening = reopeningSentence(medical.open ? admin : medical);
  const location = useLocation();
  const [noticesOpen, setNoticesOpen] = useState(false);

  useEffect(() => {
    rememberEntryParams(location.search);
  }, [location.search]);

  const enabledForms = enabledAdminForms(settings.adminForms);
  const categories: Category[] = [
    {
      key: 'medical',
      heading: 'Adult medical request (16+)',
      description: 'Ask your GP practice for help with a health problem or symptom.',
      to: '/emergency-symptoms?next=/triage',
      off: medicalOff,
    },
  ];
  if (features.child) {
    categories.push({
      key: 'child',
      heading: 'Child request (under 16s)',
      description: 'Ask for help for a child aged 15 or under, as their parent or guardian.',
      to: '/child-request',
      off: !child.open,
    });
  }
  if (enabledForms.length > 0) {
    categories.push({
      key: 'admin',
      heading: 'Questions and admin (16+)',
      description: 'Test results, repeat prescriptions, fit notes, letters and other questions for the practice.',
      to: '/emergency-symptoms?next=/admin-request',
      off: adminOff,
    });
  }
  categories.push({
    key: 'self-help',
    heading: 'Self-help information (16+)',
    description: 'Find trusted health information to help you look after yourself.',
    to: '/emergency-symptoms?next=/self-help',
  });

  return (
    <>
      <h1>Welcome to {settings.clinic.name} online services</h1>
      <p className="nhsuk-lede-text">Get help from your GP practice online. Choose what you need help with.</p>
      {/* The design system's secondary button as plain markup: the library's Button also loads NHS.UK
          frontend's button script (double-click guard, space key on link buttons), which a plain
          <button> does not need (README.md "Serving and speed on a phone"). */}
      <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={() => setNoticesOpen(true)}>
        Practice notices
      </button>
      {medicalOff || adminOff ? (
        <div className="nhsuk-inset-text" role="status" data-testid="service-off-status">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            {medicalOff && adminOff
              ? 'Online requests are closed at the moment.'
              : medicalOff
                ? `${features.child ? 'Medical and child requests' : 'Medical requests'} are closed at the moment.`
                : 'Admin requests are closed at the moment.'}{' '}
            {reopening ? <strong data-testid="service-reopens">{reopening}</strong> : null} <WithNumbersLinked text={SERVICE_OFF_MESSAGE} />
          </p>
        </div>
      ) : null}
      <ul className="nhsuk-grid-row nhsuk-card-group">
        {categories.map((c) => (
          <CategoryCard key={c.key} category={c} />
        ))}
      </ul>
      <Modal open={noticesOpen} title="Practice notices" onClose={() => setNoticesOpen(false)}>
        {noticesOpen ? (
          <Suspense fallback={<Loading message={LOADING_MESSAGES.preparingInformation} />}>
            <PracticeNotices notices={settings.notices} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
