import { Card } from 'nhsuk-react-components';
import type { ReactNode } from 'react';

/** NHS care card (emergency, urgent or non-urgent advice), the design system's own markup. */
export function CareCard({ type, heading, children, testId }: { type: 'emergency' | 'urgent' | 'non-urgent'; heading: string; children: ReactNode; testId?: string }) {
  return (
    <Card cardType={type} data-testid={testId}>
      <Card.Heading>{heading}</Card.Heading>
      {children}
    </Card>
  );
}
