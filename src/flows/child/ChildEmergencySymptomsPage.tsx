import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm } from '../../../renderer/index';
import { CareCard } from '../../components/CareCard';
import { anyTicked, checklistFor, checklistPage, childFlow } from './childFlow';
import { useChildFlow } from './useChildGuard';
import { passEmergencyCheck } from '../emergencyCheck';

/**
 * /child-request/emergency-symptoms: the emergency checklist of the child's age band
 * (schemas/forms/CHILD_EMERGENCY_*.form.json), one page at a time with a page counter. "They have
 * none of these" moves on; on the last page it records that the check was done and goes to the
 * child's details. Ticking anything shows the 999 / A&E advice instead, and nothing is sent.
 * Back on the first page clears the check and returns to the start.
 */
export default function ChildEmergencySymptomsPage() {
  const child = useChildFlow();
  const navigate = useNavigate();
  const cardRef = useRef<HTMLDivElement>(null);
  const flow = child?.flow;
  const { document, band } = checklistFor(flow?.dateOfBirth ?? '1970-01-01');
  const total = document.pages.length;
  const index = Math.min(Math.max(flow?.checklistPage ?? 0, 0), total - 1);
  const pageKey = `${band}:${index}`;
  const ticked = anyTicked(flow?.ticks[pageKey]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [index]);

  if (!child || !flow) return <Navigate to="/" replace />;

  function noneOfThese() {
    if (anyTicked(childFlow.get().ticks[pageKey])) {
      cardRef.current?.focus();
      return;
    }
    if (index + 1 < total) {
      childFlow.set({ checklistPage: index + 1 });
      return;
    }
    childFlow.set({ emergencySymptomsChecked: true });
    // The child's checklist is this journey's emergency check: the pathway pages after it do not ask again.
    passEmergencyCheck();
    void navigate('/child-request/patient-details');
  }

  function back() {
    if (index === 0) {
      childFlow.set({ emergencySymptomsChecked: false, checklistPage: 0 });
      void navigate('/child-request');
      return;
    }
    childFlow.set({ checklistPage: index - 1 });
  }

  return (
    <>
      <span className="nhsuk-caption-l" data-testid="checklist-page-counter">
        Page {index + 1} of {total}
      </span>
      <SchemaForm
        key={pageKey}
        doc={checklistPage(document, index)}
        initialData={flow.ticks[pageKey] ?? {}}
        onChange={(data) => childFlow.set((s) => ({ ...s, emergencySymptomsChecked: false, ticks: { ...s.ticks, [pageKey]: data } }))}
        onSubmit={noneOfThese}
        onBack={back}
        submitLabel="They have none of these"
        notice={undefined}
      />
      <div aria-live="assertive">
        {ticked ? (
          <div ref={cardRef} tabIndex={-1} data-testid="child-emergency-advice">
            <CareCard type="emergency" heading="Call 999 or go to A&E now">
              <p>
                What you have ticked needs emergency care. Call 999 now, or take the child to A&amp;E straight away if you can get there
                quickly and safely. If you are deaf or hard of hearing, use text relay on 18000.
              </p>
              <p>Do not use this online service and do not wait for the practice to contact you. Your request has not been sent.</p>
            </CareCard>
          </div>
        ) : null}
      </div>
    </>
  );
}
