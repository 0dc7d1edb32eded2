// What every confirmation says about a sent request (admin, medical, child): its short reference
// and how the practice will reply. Shared by the feature folders (docs/architecture.md "Feature folders").
import type { AdminRequest } from '../../generated/types/api/admin-request';
import { nationalPhone } from '../components/phone';

export function replyLine(patient: AdminRequest['patient']): string {
  const email = patient.contactDetails?.emailAddress;
  const phone = patient.contactDetails?.preferredContact?.phoneNumber ?? patient.telephone ?? patient.contactDetails?.mobilePhoneNumber;
  if (email) return `The practice will reply by email to ${email}.`;
  if (phone) return `The practice will reply by phone on ${nationalPhone(phone)}.`;
  return 'The practice will reply using the contact details on your record.';
}
