// The practice's telephone number as a tel: link, written one way everywhere: the
// number as the clinic settings give it (national format, put so by the server), dialled without
// spaces. Pages that say "call the practice" draw this rather than their own link.
import { useSettings } from '../settings/useSettings';

/** The tel: href of a number as shown ("0113 496 0000" → "tel:01134960000"). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The practice's number as a tel: link, or nothing when the practice has none. */
export function PracticePhoneLink({ phone }: { phone?: string }) {
  const { settings } = useSettings();
  const number = phone ?? settings.clinic.telephone;
  if (!number) return null;
  return (
    <a className="app-tel-link" href={telHref(number)}>
      {number}
    </a>
  );
}

/**
 * "{before} on {number}{after}" with the number as a tel: link; without a number, just
 * "{before}{after}" (e.g. "Please contact the practice."). `label` instead draws
 * "{label}: {number}", and nothing at all when the practice has no number.
 */
export function CallThePractice({ before = 'Please call the practice', after = '.', label }: { before?: string; after?: string; label?: string }) {
  const { settings } = useSettings();
  const number = settings.clinic.telephone;
  if (label) {
    return number ? (
      <>
        {label}: <PracticePhoneLink phone={number} />
      </>
    ) : null;
  }
  return (
    <>
      {before}
      {number ? (
        <>
          {' on '}
          <PracticePhoneLink phone={number} />
        </>
      ) : null}
      {after}
    </>
  );
}
