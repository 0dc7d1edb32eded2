import { useNavigate } from 'react-router-dom';
import type { StartRefusal } from '../../api/engine';
import { CallThePractice } from '../../components/PracticePhone';
import { useSettings } from '../../settings/useSettings';
import { SelectedOption } from '../guideline/SelectedOption';
import { TRIAGE_START, triageFlow } from '../guideline/journey';

const REFUSAL_TITLE = 'Please check your selection and try again';

const REFUSAL_MESSAGES: Record<StartRefusal, string> = {
  RESTRICTED_BY_AGE: 'This option is not suitable for the age of the person the request is for. Please go back and choose another option.',
  RESTRICTED_BY_SEX: 'This option is not suitable for the sex at birth of the person the request is for. Please go back and choose another option.',
  NOT_AVAILABLE: 'This option is not available at present. Please go back and choose another option.',
};

/** The engine would not start the chosen pathway for this patient: why, and the way back to the search. */
export function RefusalPage({ refusal, label }: { refusal: StartRefusal; label: string }) {
  const navigate = useNavigate();
  const { settings } = useSettings();
  const phone = settings.clinic.telephone;
  return (
    <>
      <SelectedOption label={label} />
      <h1>{REFUSAL_TITLE}</h1>
      <p data-testid="refusal-message">{REFUSAL_MESSAGES[refusal]}</p>
      {phone ? (
        <p>
          <CallThePractice before="If you are not sure which option to choose, call the practice" />
        </p>
      ) : null}
      <button
        type="button"
        className="nhsuk-button"
        onClick={() => {
          triageFlow.set((s) => ({ lastSearch: s.lastSearch, drafts: {}, labels: {} }));
          void navigate(TRIAGE_START, { replace: true });
        }}
      >
        Choose another option
      </button>
    </>
  );
}
