// The public surface of renderer/ui (the React side). The app imports it through
// renderer/index.ts; nothing outside renderer/ reaches into the files behind it.
export { SchemaForm, DEFAULT_BANNER, type SchemaFormHandle, type SchemaFormProps } from './SchemaForm';
export { Field, DEFAULT_TEXTAREA_MAX } from './Field';
/** The default label of the automatic "None of the above" option (strings.noneOfTheAbove): defined in core, for the server too. */
export { NONE_OF_THE_ABOVE_LABEL } from '../core/index';
export {
  DEFAULT_WIDGETS,
  mergeWidgets,
  type WidgetProps,
  type WidgetRegistry,
  type WidgetComponent,
  type WidgetOverrides,
  type Option as WidgetOption,
} from './widgets/index';
export { WidgetsProvider } from './WidgetsProvider';
export {
  createPhotosWidget,
  DEFAULT_PHOTOS_WORDS,
  type PhotoUploader,
  type PhotosWidgetOptions,
  type PhotosWidgetWords,
  type UploadedPhoto,
} from './PhotosWidget';
export { DEFAULT_STRINGS, mergeStrings, fillString, type RendererStrings } from './strings';
export { Label, Legend, Hint, ErrorText, RequiredMark, describedBy, groupClass } from './fieldParts';
export { Block as ContentBlockView } from './ContentBlocks';
export { widgetForObservationType, QUESTIONNAIRE_TEXT_MAX, type ObservationType } from './observationTypes';
export { FormModel, type FieldSnapshot } from './formModel';
