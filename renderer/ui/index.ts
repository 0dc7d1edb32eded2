export { SchemaForm, DEFAULT_BANNER, type SchemaFormProps } from './SchemaForm';
export { Field, NONE_OF_THE_ABOVE, NONE_OF_THE_ABOVE_LABEL, DEFAULT_TEXTAREA_MAX } from './Field';
export { Block as ContentBlockView } from './ContentBlocks';
export { widgetForObservationType, QUESTIONNAIRE_TEXT_MAX, type ObservationType } from './observationTypes';
export { FormStore, type FieldSnapshot } from './formStore';
