// The public surface of renderer/core: pure TypeScript, no React, no DOM. The browser and the
// server import only this file.
export * from './types';
export { compileDocument, visibleFields, type CompiledDocument } from './compile';
export { contentKey } from './compiledRules';
export type { Visibility } from './evaluate';
export { prune } from './prune';
export { structureOf, isGroupSchema, isListSchema, ITEM_FIELD, type Structure, type GroupInfo, type ListInfo } from './structure';
export { readPath } from './paths';
export { checkDocument, type CheckDocumentOptions } from './checkDocument';
export { checkWidgetDeclarations, widgetDeclarationsOf, widgetNames, NO_WIDGETS, WIDGET_NAME_PATTERN } from './widgets';
export { normaliseText, hasValue } from './text';
export { validate, type ValidateOptions } from './validate';
export { isEmail, isUkPhone, isUkPostcode, timeProblem } from './formats';
export { interpretSchema, fromAjvValidator, type SchemaCheck, type SchemaError } from './schemaCheck';
export { messageFor, DEFAULT_MESSAGES, type MessageVars, type MessageOptions } from './messages';
export {
  NONE_OF_THE_ABOVE,
  NONE_OF_THE_ABOVE_LABEL,
  YES_NO_LABELS,
  yesNoOptions,
  kindOf,
  defaultWidget,
  schemaOptions,
  documentFields,
  type FieldKind,
  type FieldOption,
} from './fields';
export { isDateRefSyntax, parseDate, parseTime, parseDateTime, ageOn, monthsOn, weeksOn, calendarDate } from './dates';
export { resolveParameters } from './parameters';
export {
  OBSERVATION_TYPES,
  OBSERVATION_TYPE_NAMES,
  QUESTIONNAIRE_TEXT_MAX,
  isObservationType,
  observationTypeOf,
  observationTypeProblems,
  widgetForObservationType,
  type ObservationTypeSpec,
} from './observationTypes';
export { toObservations, fromObservations, type Observation, type ObservationAnswer, type ObservationProblem, type SectionRef } from './observations';
export { toWire, fromWire, type ValueLabel } from './wire';
export { answerWords, dateInWords, questionOf, type AnswerWordsOptions } from './answerWords';
