import useSWR from 'swr';
import { getJson } from './client';

export interface Clinic {
  name: string;
  street?: string;
  city?: string;
  postcode?: string;
  telephone?: string;
  email?: string;
  clinicUrl?: string;
  identifier?: string;
  privacyPolicyUrl?: string;
  tenantId?: string;
}

export function useClinic() {
  return useSWR<Clinic>('/api/v1/settings/clinic', getJson, { revalidateOnFocus: false });
}
