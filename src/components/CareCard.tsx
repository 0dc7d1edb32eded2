import { Card } from 'nhsuk-react-components';
import type { ReactNode } from 'react';

/** NHS care card (emergency, urgent or non-urgent advice), the design system's own markup. */
export function CareCard({
  type,
  heading,
  children,
  testId,
  focusableHeading,
}: {
  type: 'emergency' | 'urgent' | 'non-urgent';
  heading: string;
  children: ReactNode;
  testId?: string;
  /** The heading takes focus from script (tabIndex -1), e.g. when the card appears after a tap. */
  focusableHeading?: boolean;
}) {
  return (
    <Card cardType={type} data-testid={testId}>
      <Card.Heading {...(focusableHeading ? { tabIndex: -1 } : {})}>{heading}</Card.Heading>
      {children}
    </Card>
  );
}
