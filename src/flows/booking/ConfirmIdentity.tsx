import { useEffect, useMemo, useRef, useState } from 'react';
import { fetchActionRequest, type PatientActionRequest } from '../../api/appointments';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { ProblemSummary } from '../../components/ProblemSummary';
import { CallThePractice } from '../../components/PracticePhone';
import { useNotifications } from '../../errors/ErrorNotifications';
import { SchemaForm, type FormData } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { usePageTitle } from '../../shell/usePageTitle';
import { bookingErrorOutcome } from './bookingErrors';

const CONFIRM_IDENTITY_TITLE = 'Confirm it is you';

/**
 * This tab passed the check for the link in the last 55 minutes (the server's proof lasts an hour):
 * the details page opened again from the confirmation does not ask again. Only that the check was
 * passed and when, never the date of birth; sessionStorage, so it ends with the tab.
 */
const CHECKED_KEY = (lid: string) => `link-checked:${lid}`;
const CHECKED_MS = 55 * 60_000;

export function identityChecked(lid: string, now = Date.now()): boolean {
  try {
    const at = Number(sessionStorage.getItem(CHECKED_KEY(lid)));
    return Number.isFinite(at) && at > 0 && now - at < CHECKED_MS;
  } catch {
    return false;
  }
}

export function rememberIdentityChecked(lid: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(CHECKED_KEY(lid), String(now));
  } catch {
    // Storage refused: the patient is asked again next time.
  }
}
const CONFIRM_IDENTITY_TEXT = 'To keep your appointment safe, we need to check who you are before you change or cancel it.';

/**
 * The date-of-birth check before Reschedule or "Cancel it" on an appointment's link: the
 * self-booking invitation's question and messages (the SELF_BOOKING document, its heading and
 * words for this page), checked by the server as a self-booking's is, five wrong answers locking
 * the link for an hour. A passed check lets this browser change or cancel through the link for an
 * hour (server/appointments/linkProof.ts); `onConfirmed` gets the link's request as it is now.
 */
export function ConfirmIdentity({ lid, onConfirmed }: { lid: string; onConfirmed: (answer: PatientActionRequest) => void }) {
  usePageTitle(CONFIRM_IDENTITY_TITLE);
  const { notify, handleError } = useNotifications();
  const loading = useForm('SELF_BOOKING');
  const [answers, setAnswers] = useState<FormData>({});
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (mismatch) notice.current?.querySelector<HTMLElement>('.nhsuk-error-summary')?.focus();
  }, [mismatch]);

  const doc = useMemo(() => {
    if (loading.status !== 'ready') return undefined;
    const form = loading.form.doc;
    return {
      ...form,
      title: CONFIRM_IDENTITY_TITLE,
      pages: form.pages.map((page) => ({ ...page, title: CONFIRM_IDENTITY_TITLE, content: [{ kind: 'paragraph' as const, text: CONFIRM_IDENTITY_TEXT }] })),
    };
  }, [loading]);

  const submit = async (data: FormData) => {
    setAnswers(data);
    setMismatch(undefined);
    setBusy(true);
    try {
      const answer = await fetchActionRequest('APPOINTMENT_CONFIRMED', lid, { dateOfBirth: String(data.dateOfBirth) });
      rememberIdentityChecked(lid);
      onConfirmed(answer);
    } catch (error) {
      setBusy(false);
      const outcome = bookingErrorOutcome(error, 'link');
      if (outcome.kind === 'popup' && outcome.title.startsWith("The details you have provided don't correspond")) setMismatch(outcome.title);
      else if (outcome.kind === 'popup') notify(outcome);
      else handleError(error);
    }
  };

  if (busy) return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  if (loading.status !== 'ready' || !doc) return loading.status === 'ready' ? null : <FormLoadProblem state={loading} />;
  return (
    <>
      <SchemaForm
        doc={doc}
        schemaCheck={loading.form.schemaCheck}
        initialData={answers}
        onSubmit={submit}
        submitLabel="Continue"
        notice={
          mismatch ? (
            <div ref={notice}>
              <ProblemSummary message={mismatch} />
            </div>
          ) : undefined
        }
      />
      <p>
        <CallThePractice before="If you cannot confirm your date of birth, call the practice" />
      </p>
    </>
  );
}
