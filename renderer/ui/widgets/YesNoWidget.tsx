// A boolean answer: Yes / No radios side by side (No first with ui:options.reversed).
import { yesNoOptions } from '../../core/index';
import { RadioGroup } from './RadiosWidget';
import type { WidgetProps } from './types';

export function YesNoWidget(props: WidgetProps) {
  const [yes, no] = yesNoOptions(props.ui, { yes: props.strings.yes, no: props.strings.no }) as [
    { value: boolean; label: string },
    { value: boolean; label: string },
  ];
  return <RadioGroup {...props} options={props.ui['ui:options']?.reversed ? [no, yes] : [yes, no]} inline />;
}
