import { EmergencyNumber } from '../screening/EmergencyNumber';
import { CareCard } from '../components/CareCard';
import { Button, Details } from 'nhsuk-react-components';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '../routing/safeNext';
import { passEmergencyCheck } from '../flows/emergencyCheck';

export const EMERGENCY_SYMPTOMS = [
  'chest pain or pressure, or pain that spreads to your arms, back, neck or jaw',
  'difficulty breathing, choking, or lips or skin turning blue or grey',
  'signs of a stroke: face dropping on one side, cannot lift both arms, or difficulty speaking',
  'a seizure (fit), or you are not responding or very hard to wake',
  'severe bleeding that will not stop',
  'a sudden, severe headache unlike any you have had before',
  'a sudden rash that does not fade when you press a glass against it, with a high temperature',
  'a severe allergic reaction: swelling of the lips, mouth or throat, or sudden difficulty swallowing',
  'serious injuries, such as after a road accident, a fall from height or a deep wound',
  'you have taken an overdose, or you feel you may act on thoughts of ending your life',
] as const;

export default function EmergencySymptomsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNextPath(params.get('next'));
  return (
    <>
      <h1>Call 999 for help if you have any of these</h1>
      <CareCard type="emergency" heading="Call 999 now if you have:">
        <ul data-testid="emergency-symptom-list">
          {EMERGENCY_SYMPTOMS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        <p>
          If you are deaf or hard of hearing, use text relay on <EmergencyNumber number="18000" />.
        </p>
      </CareCard>
      <Details>
        <Details.Summary>What 999 may ask you</Details.Summary>
        <Details.Text>
          <p>The call handler will ask questions to find out how urgently you need help, such as:</p>
          <ul>
            <li>where you are, so help can reach you</li>
            <li>the phone number you are calling from</li>
            <li>what has happened and when it started</li>
            <li>whether the person is awake and breathing</li>
            <li>the person&apos;s age and any medical conditions or medicines</li>
          </ul>
          <p>Stay on the line and follow their advice. Do not hang up until they tell you to.</p>
        </Details.Text>
      </Details>
      <div className="app-button-row">
        <Button
          type="button"
          onClick={() => {
            passEmergencyCheck();
            void navigate(next);
          }}
        >
          I have none of these
        </Button>
        <Link to="/" className="nhsuk-button nhsuk-button--secondary">
          Cancel
        </Link>
      </div>
    </>
  );
}
