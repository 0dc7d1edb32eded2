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

/** "For urgent advice, use 111 online or call 111…": the one paragraph every confirmation's "if you get worse" card says. */
export function UrgentAdvice111() {
  return (
    <p>
      For urgent advice, <a href="https://111.nhs.uk/">use 111 online</a> or call <EmergencyNumber number="111" />. If you are deaf or hard of hearing, use text
      relay on <EmergencyNumber number="18001 111" />.
    </p>
  );
}

/**
 * Where to get help now with thoughts of suicide or self-harm (NHS website "Help for suicidal
 * thoughts"): 999 / A&E, NHS 111 option 2 (mental health), Samaritans 116 123.
 */
export function CrisisContacts({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="app-crisis-contacts" data-testid="crisis-contacts">
      <H className="nhsuk-heading-s">If you are thinking about suicide or harming yourself</H>
      <ul>
        <li>
          Call <EmergencyNumber number="999" /> or go to A&amp;E now if you have harmed yourself or you might act on your thoughts.
        </li>
        <li>
          Call <EmergencyNumber number="111" /> and choose option 2 to speak to a mental health team (NHS 111, any time).
        </li>
        <li>
          Call Samaritans free on <EmergencyNumber number="116 123" />, any time, day or night, to talk to someone.
        </li>
      </ul>
    </div>
  );
}
