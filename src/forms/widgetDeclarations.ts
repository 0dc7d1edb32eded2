// The app's own widget names as the checks read them: schemas/widgets.json (name → the field
// types it draws), the same file schemas:check and the server read. The components are in
// src/forms/widgets.tsx.
import { widgetDeclarationsOf, type WidgetDeclarations } from '../../renderer/index';
import REGISTRY from '../../schemas/widgets.json';

export const APP_WIDGET_DECLARATIONS: WidgetDeclarations = widgetDeclarationsOf(REGISTRY);
