// The app's widget registry, in one place: every widget declared in schemas/widgets.json (the
// names schemas:check, the server and the staff preview accept in ui:widget) is drawn by the
// default export of src/forms/widgets/<name>.tsx, found here by its file name. AppLayout passes
// APP_WIDGETS to <WidgetsProvider>, so every form and questionnaire section draws with them.
// Adding a widget: renderer/README.md, "Adding a widget".
//
// Each widget is its own small chunk, loaded the first time a page may draw it (preloadAppWidgets,
// called by the pages that draw documents), so the home page's JavaScript does not grow with them.
import { lazy, Suspense, type ComponentType } from 'react';
import type { WidgetComponent, WidgetProps } from '../../renderer/index';

type WidgetModule = { default: ComponentType<WidgetProps> };
const loaders = import.meta.glob<WidgetModule>('./widgets/*.tsx');

/** The widget name of a file src/forms/widgets/<name>.tsx. */
export function widgetNameOf(file: string): string {
  return /([^/]+)\.tsx$/.exec(file)?.[1] ?? file;
}

function lazyWidget(load: () => Promise<WidgetModule>): WidgetComponent {
  const Lazy = lazy(load);
  function AppWidget(props: WidgetProps) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return AppWidget;
}

export const APP_WIDGETS: Readonly<Record<string, WidgetComponent>> = Object.fromEntries(
  Object.entries(loaders).map(([file, load]) => [widgetNameOf(file), lazyWidget(load)]),
);

/** Starts loading every app widget (cached by the browser and by React.lazy): a page about to draw documents calls it. */
export function preloadAppWidgets(): Promise<unknown> {
  return Promise.all(Object.values(loaders).map((load) => load().catch(() => undefined)));
}
