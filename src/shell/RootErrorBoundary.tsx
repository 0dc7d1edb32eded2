import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import RootErrorPage from '../pages/RootErrorPage';

interface Props {
  children: ReactNode;
  /** The location's key: a move to another page draws the app again, as React Router's errorElement did. */
  at: string;
}

/**
 * Around the whole app (src/routes.tsx): a screen that throws while drawing shows RootErrorPage,
 * a calm NHS page with its own header, warning and footer, instead of a blank page. React
 * Router's errorElement did this with the data router, which the app no longer loads.
 */
class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.at !== this.props.at) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RootErrorPage /> : this.props.children;
  }
}

export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary at={key}>{children}</ErrorBoundary>;
}
