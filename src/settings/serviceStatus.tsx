import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Service } from '../errors/mapError';
import type { ServiceState } from './types';
import { useSettings } from './useSettings';
import { isStateClosed, serviceOpen, type RequestKind, type ServiceOpenness } from '../../common';

/** A service is off when the practice switched it off or the calendar says out of hours (common/serviceOpen.ts). */
export function isServiceOff(state: ServiceState | undefined): boolean {
  return isStateClosed(state);
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

/** Whether the service behind a kind of request is open, why not and until when (the one rule, common/serviceOpen.ts). */
export function useServiceOpen(kind: RequestKind): ServiceOpenness {
  const { settings } = useSettings();
  const { off } = useServiceOverride();
  return serviceOpen(kind, { state: settings.operationalState, closedMidFlow: off });
}

/** Whether the medical and admin services are off, judged separately. */
export function useServiceStatus(): { medicalOff: boolean; adminOff: boolean } {
  const medical = useServiceOpen('adult');
  const admin = useServiceOpen('admin');
  return { medicalOff: !medical.open, adminOff: !admin.open };
}
