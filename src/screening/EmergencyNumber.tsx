// The phone numbers of urgent help as tel: links, written one way everywhere: 999, NHS 111,
// Samaritans 116 123 (and text relay for 999 / 111).
const NUMBERS = {
  '999': { tel: '999', label: '999' },
  '111': { tel: '111', label: '111' },
  '116 123': { tel: '116123', label: '116 123' },
  // Text relay (deaf or hard of hearing): 18000 for 999, 18001 111 for NHS 111.
  '18000': { tel: '18000', label: '18000' },
  '18001 111': { tel: '18001111', label: '18001 111' },
} as const;

export type UrgentNumber = keyof typeof NUMBERS;

/** A tel: link to one of the urgent-help numbers. */
export function EmergencyNumber({ number, children }: { number: UrgentNumber; children?: string }) {
  const n = NUMBERS[number];
  return (
    <a className="app-tel-link" href={`tel:${n.tel}`}>
      {children ?? n.label}
    </a>
  );
}

/**
 * A message written as one string (the spec's "Service off. Call 111 or use 111 online. In an
 * emergency, call 999.") with its urgent numbers drawn as tel: links; the words are unchanged.
 * "111 online" is the website, not a number to call.
 */
export function WithNumbersLinked({ text }: { text: string }) {
  const parts = text.split(/(18001 111|18000|\b999\b|\b111\b(?! online))/);
  return <>{parts.map((part, i) => (Object.hasOwn(NUMBERS, part) ? <EmergencyNumber key={i} number={part as UrgentNumber} /> : part))}</>;
}
