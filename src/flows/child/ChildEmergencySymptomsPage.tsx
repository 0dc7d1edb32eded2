import { useEffect, useRef } from 'react';
import type { FormData } from '../../../renderer/index';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { SchemaForm } from '../../../renderer/index';
import { BackLink } from '../../components/BackLink';
import { CareCard } from '../../components/CareCard';
import { usePageTitle } from '../../shell/usePageTitle';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { anyTicked, checklistFor, checklistPage, childFlow, type ChildFlowState } from './childFlow';
import { useChildFlow } from './useChildGuard';
import { passEmergencyCheck } from '../emergencyCheck';
import { EmergencyNumber } from '../../screening/EmergencyNumber';

const CHECKLIST_PATH = '/child-request/emergency-symptoms';
/** The query parameter naming the checklist page on screen, counted from 1 (none = the first page). */
const CHECKLIST_PAGE_PARAM = 'page';

/** The sentence that says why "They have none of these" cannot be pressed (its aria-describedby). */
const NONE_DISABLED_ID = 'none-of-these-disabled-reason';

/** How many items are ticked on a checklist page's answers. */
function tickCount(answers: FormData | undefined): number {
  return Object.values(answers ?? {}).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
}

/** Brings the 999 card into view and moves focus to its heading (where the parent just tapped, the screen reader follows). */
function showCard(card: HTMLElement | null): void {
  if (!card) return;
  const heading = card.querySelector<HTMLElement>('.nhsuk-card__heading') ?? card;
  // jsdom (component tests) has no scrollIntoView.
  if (typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'center', behavior: 'auto' });
  heading.focus({ preventScroll: true });
}

/** The address of a checklist page (0-based index). */
function checklistHref(index: number): string {
  return index > 0 ? `${CHECKLIST_PATH}?${CHECKLIST_PAGE_PARAM}=${index + 1}` : CHECKLIST_PATH;
}

/**
 * The furthest checklist page the patient may be shown (0-based): the pages they have passed
 * with "They have none of these" (the flow's `checklistPage`), and never past a page with
 * something ticked on it.
 */
function furthestReached(flow: ChildFlowState, band: string, total: number): number {
  const saved = Number.isInteger(flow.checklistPage) ? flow.checklistPage : 0;
  const passed = Math.min(Math.max(saved, 0), total - 1);
  for (let i = 0; i < passed; i++) {
    if (anyTicked(flow.ticks[`${band}:${i}`])) return i;
  }
  return passed;
}

/**
 * /child-request/emergency-symptoms: the emergency checklist of the child's age band
 * (schemas/forms/CHILD_EMERGENCY_*.form.json), one page at a time with a page counter. Each page
 * is its own history entry (`?page=N`, none = the first), with its own title; the shell's
 * route-change handler scrolls, focuses the h1 and announces it. "They have none of these" moves
 * on; on the last page it records that the check was done and goes to the child's details.
 * Ticking anything shows the 999 / A&E advice instead, and nothing is sent. A page beyond those
 * passed (a deep link) shows the first: the checklist is never skipped. The back link on the
 * first page clears the check and returns to the start (the age question).
 */
export default function ChildEmergencySymptomsPage() {
  const child = useChildFlow();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const cardRef = useRef<HTMLDivElement>(null);
  /** Set when a tick is added: the 999 card is then scrolled into view and its heading focused. */
  const revealCard = useRef(false);
  const flow = child?.flow;
  const { formId, band } = checklistFor(flow?.dateOfBirth ?? '1970-01-01');
  const checklist = useForm(formId);
  const document = checklist.status === 'ready' ? checklist.form.doc : undefined;
  const total = document?.pages.length ?? 1;
  const param = searchParams.get(CHECKLIST_PAGE_PARAM);
  const requested = param === null ? 0 : Number(param) - 1;
  const reachable = flow ? furthestReached(flow, band, total) : 0;
  const allowed = Number.isInteger(requested) && requested >= 0 && requested <= reachable;
  const index = allowed ? requested : 0;
  const pageKey = `${band}:${index}`;
  const ticked = anyTicked(flow?.ticks[pageKey]);
  const heading = document?.pages[index]?.title;
  usePageTitle(heading ? `${heading} (page ${index + 1} of ${total})` : undefined);

  useEffect(() => {
    if (!ticked || !revealCard.current) return;
    revealCard.current = false;
    showCard(cardRef.current);
  });

  if (!child || !flow) return <Navigate to="/" replace />;
  if (!allowed && document) return <Navigate to={CHECKLIST_PATH} replace />;
  if (checklist.status !== 'ready') return <FormLoadProblem state={checklist} />;

  function noneOfThese() {
    // The button is disabled while anything is ticked; this is the belt to its braces.
    if (anyTicked(childFlow.get().ticks[pageKey])) {
      showCard(cardRef.current);
      return;
    }
    if (index + 1 < total) {
      childFlow.set((s) => ({ ...s, checklistPage: Math.max(s.checklistPage, index + 1) }));
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(CHECKLIST_PAGE_PARAM, String(index + 2));
        return next;
      });
      return;
    }
    childFlow.set({ emergencySymptomsChecked: true });
    // The child's checklist is this journey's emergency check: the pathway pages after it do not ask again.
    passEmergencyCheck();
    void navigate('/child-request/patient-details');
  }

  return (
    <>
      <BackLink
        fallback={index > 0 ? checklistHref(index - 1) : '/child-request'}
        onBack={index === 0 ? () => childFlow.set({ emergencySymptomsChecked: false, checklistPage: 0 }) : undefined}
      />
      <span className="nhsuk-caption-l" data-testid="checklist-page-counter">
        Page {index + 1} of {total}
      </span>
      <SchemaForm
        key={pageKey}
        doc={checklistPage(checklist.form.doc, index)}
        initialData={flow.ticks[pageKey] ?? {}}
        onChange={(data) => {
          if (tickCount(data) > tickCount(childFlow.get().ticks[pageKey])) revealCard.current = true;
          childFlow.set((s) => ({ ...s, emergencySymptomsChecked: false, ticks: { ...s.ticks, [pageKey]: data } }));
        }}
        onSubmit={noneOfThese}
        hideBack
        submitLabel="They have none of these"
        submitDisabled={ticked}
        submitDescribedBy={NONE_DISABLED_ID}
        notice={undefined}
      />
      <div aria-live="assertive">
        {ticked ? (
          <div ref={cardRef} data-testid="child-emergency-advice">
            <CareCard type="emergency" heading="Call 999 or go to A&E now" focusableHeading>
              <p>
                What you have ticked needs emergency care. Call <EmergencyNumber number="999" /> now, or take the child to A&amp;E straight away if you can get
                there quickly and safely. If you are deaf or hard of hearing, use text relay on <EmergencyNumber number="18000" />.
              </p>
              <p>Do not use this online service and do not wait for the practice to contact you. Your request has not been sent.</p>
              <p id={NONE_DISABLED_ID} data-testid="none-disabled-reason">
                You cannot choose &quot;They have none of these&quot; while something is ticked. If you ticked something by mistake, untick it.
              </p>
            </CareCard>
          </div>
        ) : null}
      </div>
    </>
  );
}
