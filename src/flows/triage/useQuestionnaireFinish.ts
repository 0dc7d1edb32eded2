import { useCallback, type MutableRefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { getGuideline, isAiLed, putCustomData, stopExecution, type Execution } from '../../api/engine';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { topReferral } from '../../../common';
import { isOutOfHours } from '../guideline/EngineErrorPanel';
import { bool, clearTriageFlow, dateTime, triageFlow } from '../guideline/journey';
import { BOOK_APPOINTMENT_PATH, URGENT, routeAfterTriage, routeInputsOf } from '../guideline/routeAfterTriage';
import { SERVICE_CLOSED_PATH } from '../guideline/safety';
import { handOverToBooking } from './bookingHandover';
import { useMedicalServiceCheck } from './safety/useSafetyFlow';
import { goToUrgentBranch } from './urgentBranch';

/**
 * Finishing the questionnaire: once the engine needs no more answers, record the result and go
 * where the journey goes next (`serviceClosed` when the service closed on the way). `leavingRef`
 * is set before each move away, so the page's discard prompt does not stop it.
 */
export function useQuestionnaireFinish(executionId: string, useProxy: boolean, leavingRef: MutableRefObject<boolean>) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const checkService = useMedicalServiceCheck();

  const serviceClosed = useCallback(
    (error: unknown) => {
      leavingRef.current = true;
      // The service closed: stop the questionnaire (best effort) and show the service-closed screen.
      void stopExecution(executionId, useProxy).catch(() => undefined);
      handleError(error, { flow: 'medical' });
    },
    [executionId, handleError, useProxy, leavingRef],
  );

  const finish = useCallback(
    async (done: Execution) => {
      const finishedOn = new Date().toISOString();
      const referral = topReferral(done.recommendations);
      const [aiLed, checkForAppointments] = await Promise.all([
        isAiLed(done.guidelineId, referral?.referralId).catch(() => false),
        // Without the summary the request is sent without offering slots (the practice still gets it).
        getGuideline(done.guidelineId, useProxy).then(
          (g) => g.checkForAppointments === true,
          () => false,
        ),
      ]);
      // A new result: the patient has not yet seen (or gone on from) the ending screen of its tier.
      triageFlow.set({ execution: done, finishedTriage: true, finishedOn, aiLed, checkForAppointments, pastEnding: undefined });
      try {
        await putCustomData(done.identifier, [bool('finishedTriage', true), dateTime('finishedOn', finishedOn), bool('isAiLed', aiLed)], useProxy);
      } catch (error) {
        if (isOutOfHours(error)) return serviceClosed(error);
        // Bookkeeping only: the patient's answers are complete, so they go on.
      }
      const next = routeAfterTriage(routeInputsOf(triageFlow.get(), settings, done.recommendations));
      leavingRef.current = true;
      if (next === URGENT) {
        // An urgent result checks the operational state first (spec, questionnaire flow): the
        // embedded engine refuses while the service is off, but a practice's own engine may not.
        if (await checkService()) {
          void stopExecution(done.identifier, useProxy).catch(() => undefined);
          await navigate(SERVICE_CLOSED_PATH, { replace: true });
          clearTriageFlow();
          return;
        }
        goToUrgentBranch(navigate);
      }
      // An appointment: the booking screen takes its request from startBooking (flow:booking).
      else if (next === BOOK_APPOINTMENT_PATH) await navigate(handOverToBooking(triageFlow.get(), settings) ?? '/eligibility/something-went-wrong');
      // The next page (In your own words, booking, an outcome) is a new entry: Back returns to the last section with its answers.
      else await navigate(next);
    },
    [checkService, navigate, serviceClosed, settings, useProxy, leavingRef],
  );

  return { finish, serviceClosed };
}
