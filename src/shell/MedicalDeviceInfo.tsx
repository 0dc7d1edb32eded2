import { lazy, Suspense, useState } from 'react';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { Modal } from '../components/Modal';
import { useSettings } from '../settings/useSettings';

// The details (and the design system's summary list) load when the patient opens them (README.md "Serving and speed on a phone").
const MedicalDeviceDetails = lazy(() => import('./MedicalDeviceDetails'));

/** Footer button and modal with the medical-device information from the patient-app settings. */
export function MedicalDeviceInfo() {
  const { settings } = useSettings();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="app-link-button nhsuk-footer__list-item-link" onClick={() => setOpen(true)}>
        Medical device information
      </button>
      <Modal open={open} title="Medical device information" onClose={() => setOpen(false)}>
        {open ? (
          <Suspense fallback={<Loading message={LOADING_MESSAGES.preparingInformation} />}>
            <MedicalDeviceDetails info={settings.patientApp.medicalDeviceClassification ?? {}} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
