import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Service } from '../errors/mapError';
import type { ServiceState } from './types';
import { useSettings } from './useSettings';

/** A service is off when the practice switched it off or the calendar says out of hours. */
export function isServiceOff(state: ServiceState | undefined): boolean {
  return state?.operationalStatus === 'SERVICE_OFF' || state?.practiceCalendar === 'OUT_OF_HOURS';
}

interface Overrides {
  off: Readonly<Record<Service, boolean>>;
  setServiceOff: (service: Service) => void;
}

const ServiceOverrideContext = createContext<Overrides>({ off: { medical: false, admin: false }, setServiceOff: () => undefined });

/**
 * Local service-off state: set when a call made during a flow answers 412 "Outside normal
 * operating hours" (the service closed while the patient was using it).
 */
export function ServiceOverrideProvider({ children }: { children: ReactNode }) {
  const [off, setOff] = useState<Record<Service, boolean>>({ medical: false, admin: false });
  const setServiceOff = useCallback((service: Service) => setOff((prev) => (prev[service] ? prev : { ...prev, [service]: true })), []);
  const value = useMemo(() => ({ off, setServiceOff }), [off, setServiceOff]);
  return <ServiceOverrideContext.Provider value={value}>{children}</ServiceOverrideContext.Provider>;
}

export function useServiceOverride(): Overrides {
  return useContext(ServiceOverrideContext);
}

/** Whether the medical and admin services are off, judged separately. */
export function useServiceStatus(): { medicalOff: boolean; adminOff: boolean } {
  const { settings } = useSettings();
  const { off } = useServiceOverride();
  return {
    medicalOff: off.medical || isServiceOff(settings.operationalState.medical),
    adminOff: off.admin || isServiceOff(settings.operationalState.admin),
  };
}
