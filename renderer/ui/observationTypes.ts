// Questionnaire observation types → the renderer's widgets: the one table lives in
// renderer/core/observationTypes.ts (the server and the checker read it too).
export { widgetForObservationType, QUESTIONNAIRE_TEXT_MAX, type ObservationType } from '../core/observationTypes';
