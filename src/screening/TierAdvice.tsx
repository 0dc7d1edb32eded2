// The patient's last screen says what to do and by when, in plain words, for the execution's
// tier (topTier): 999 now, A&E now, a GP or NHS 111 today, a pharmacist (with the find-a-pharmacy
// link; the practice can still be asked), the practice's reply time (common/replyTimes.ts), or self-care.
// With `crisis` (self-harm or suicide words or answers) the crisis contacts are shown too.
import type { PathwayKind } from '../../generated/types/api/pathway-kind';
import { FIND_A_PHARMACY_URL, tierLead, type UrgencyTier } from '../../common';
import { EmergencyNumber } from './EmergencyNumber';
import { CrisisContacts } from './UrgentHelp';

function Detail({ tier }: { tier: UrgencyTier }) {
  switch (tier) {
    case 'CALL_999':
      return (
        <p>
          Call <EmergencyNumber number="999" /> now. If you are deaf or hard of hearing, use text relay on <EmergencyNumber number="18000" />.
        </p>
      );
    case 'AE_NOW':
      return (
        <p>
          Go to your nearest A&amp;E now. If you cannot get there safely, call <EmergencyNumber number="999" />.
        </p>
      );
    case 'URGENT_TODAY':
      return (
        <p>
          You need to speak to a GP today. If the practice is closed or cannot call you back today, call <EmergencyNumber number="111" /> or use{' '}
          <a href="https://111.nhs.uk/">111 online</a>. If you get worse, call <EmergencyNumber number="999" />.
        </p>
      );
    case 'PHARMACY':
      return (
        <>
          <p>
            A pharmacist can see you without an appointment and may be able to give you treatment today. <a href={FIND_A_PHARMACY_URL}>Find a pharmacy</a>.
          </p>
          <p>You can still ask the practice instead if you prefer.</p>
        </>
      );
    case 'ROUTINE':
      return (
        <p>
          If you get worse before then, call <EmergencyNumber number="111" />, or <EmergencyNumber number="999" /> in an emergency.
        </p>
      );
    case 'SELF_CARE':
      return (
        <p>
          Get help if it gets worse or you are worried: contact the practice or call <EmergencyNumber number="111" />.
        </p>
      );
  }
}

export function TierAdvice({ tier, crisis = false, kind = 'triage' }: { tier: UrgencyTier | undefined; crisis?: boolean; kind?: PathwayKind }) {
  if (!tier && !crisis) return null;
  const emergency = tier === 'CALL_999' || tier === 'AE_NOW';
  return (
    <div className={`app-tier-advice app-tier-advice--${(tier ?? 'crisis').toLowerCase()}`} data-testid="tier-advice" data-tier={tier ?? ''}>
      {tier ? (
        <div className={emergency || tier === 'URGENT_TODAY' ? 'nhsuk-warning-callout' : 'nhsuk-inset-text'}>
          <h2 className={emergency || tier === 'URGENT_TODAY' ? 'nhsuk-warning-callout__label' : 'nhsuk-heading-s'}>{tierLead(tier, kind)}</h2>
          <Detail tier={tier} />
        </div>
      ) : null}
      {crisis ? <CrisisContacts headingLevel={2} /> : null}
    </div>
  );
}
