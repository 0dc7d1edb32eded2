// How the practice shows typed values back to people reading a request (the practice's inbox,
// the patient's receipt). The renderer's answerWords knows option labels, yes/no and dates; it
// takes these as its `formats` so that a phone number reads in national format there too.
import { nationalPhone } from './phone';

/** `format` keyword → how a string answer of that format is shown back. */
export const ANSWER_FORMATS: Readonly<Record<string, (value: string) => string>> = {
  'uk-phone': nationalPhone,
};
