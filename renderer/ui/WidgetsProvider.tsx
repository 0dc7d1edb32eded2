// The app's own widgets for every <SchemaForm> below: forms and questionnaire sections alike
// draw with them, without each page passing a `widgets` prop. SchemaForm merges, in order: the
// defaults, this provider's widgets, its own `widgets` prop (renderer/README.md, "Adding a widget").
import { createContext, useContext, type ReactNode } from 'react';
import type { WidgetOverrides } from './widgets/types';

const WidgetsContext = createContext<WidgetOverrides | undefined>(undefined);

export function WidgetsProvider({ widgets, children }: { widgets: WidgetOverrides; children: ReactNode }) {
  return <WidgetsContext.Provider value={widgets}>{children}</WidgetsContext.Provider>;
}

/** The widgets of the nearest WidgetsProvider, if any. */
export function useProvidedWidgets(): WidgetOverrides | undefined {
  return useContext(WidgetsContext);
}
