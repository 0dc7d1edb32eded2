// The renderer's only public entry: the app imports from here, never from inside renderer/.
export {
  visibleFields,
  prune,
  checkDocument,
  validate,
  compileDocument,
  interpretSchema,
  normaliseText,
  messageFor,
  resolveParameters,
  toWire,
  fromWire,
  toObservations,
  fromObservations,
  OBSERVATION_TYPES,
  observationTypeOf,
  ageOn,
  monthsOn,
  weeksOn,
  calendarDate,
  NONE_OF_THE_ABOVE,
  NONE_OF_THE_ABOVE_LABEL,
  YES_NO_LABELS,
  yesNoOptions,
  fromAjvValidator,
  answerWords,
  questionOf,
  checkWidgetDeclarations,
  widgetDeclarationsOf,
  widgetNames,
} from './core/index';
export type { Observation, ObservationAnswer, ObservationTypeSpec, AnswerWordsOptions } from './core/index';
export type * from './core/types';
export { WIDGETS, OPERATORS } from './core/types';
export type { SchemaCheck } from './core/index';
export * from './ui/index';
