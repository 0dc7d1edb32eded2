import type { ReactNode } from 'react';

/**
 * The NHS design system's interruption page (nhsuk-frontend panel, variant "interruption"): a
 * blue panel that stops the patient to tell them one important thing before they go on. Buttons
 * inside it use the reverse style (`nhsuk-button--reverse`).
 */
export function InterruptionPanel({ heading, children, testId }: { heading: string; children: ReactNode; testId?: string }) {
  return (
    <div className="nhsuk-panel nhsuk-panel--interruption" data-testid={testId}>
      <h1 className="nhsuk-panel__heading nhsuk-panel__heading--l">{heading}</h1>
      <div className="nhsuk-panel__body">{children}</div>
    </div>
  );
}
