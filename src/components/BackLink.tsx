import { BackLink as NhsBackLink } from 'nhsuk-react-components';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** True when the app itself put an entry before this one in the tab's history (React Router numbers them). */
function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * The one Back control of every question page (docs/architecture.md, "Page changes"): the
 * design system's back link, at the top of the page, doing what the browser's Back does. Each
 * step and each page of a form is its own history entry, so going back one entry is the
 * previous step. Opened directly (no earlier entry of ours), it goes to `fallback`. `onBack`
 * runs first, for a page that forgets something when the patient leaves it backwards.
 */
export function BackLink({ fallback, label = 'Back', onBack }: { fallback: string; label?: string; onBack?: () => void }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onBack?.();
    if (hasAppHistory()) void navigate(-1);
    else void navigate(fallback);
  };
  return (
    <NhsBackLink href={fallback} onClick={onClick} data-testid="back-link">
      {label}
    </NhsBackLink>
  );
}
