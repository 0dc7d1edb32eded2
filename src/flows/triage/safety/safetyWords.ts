// The words of the safety screens. Headings, choices and buttons are the product's own wording
// (README.md "The patient app"); the rest follows NHS 111 / nhs.uk advice.
export const ANSWER_ALL_BANNER = 'Please answer all questions to proceed';
export const URGENT_HEADING = 'Your answers strongly indicate that you need A&E';
export const NOT_URGENT_HEADING = 'Some of your answers suggest you may need A&E';
export const GP_ADVICE_HEADING = 'I want GP advice';
export const GP_ADVICE_DELAY = 'Your care may be delayed by 2 working days or more.';
export const REQUEST_CONSULTATION = 'Request consultation';
export const ATTEND_AE_HEADING = 'I will attend A&E';
export const INFORM_PRACTICE = 'Inform the practice';
export const CONFIRMED_HEADING = 'Go to A&E now or call 999';
export const CONFIRMED_PRACTICE_TOLD = 'We have told your GP practice that you are going to A&E or calling 999.';
export const OVERRIDE_REQUIRED = 'You need to select a reason to proceed.';
export const PROCEED = 'Proceed';
export const CONFIRM_TITLE = 'Are you sure it is safe to wait?';
export const CONFIRM_TEXT =
  'Asking for GP advice instead of going to A&E may delay your care by 2 working days or more. If your symptoms get worse, call 999 or go to A&E.';
export const CONFIRM_YES = 'Yes, request consultation';
export const CONFIRM_NO = 'No, go back';

/** nhs.uk pages about A&E and 999 (links on the A&E confirmation). */
export const NHS_LINKS = [
  { label: 'When to go to A&E', url: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-go-to-ae/' },
  { label: 'When to call 999', url: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-call-999/' },
  { label: 'Find an A&E near you', url: 'https://www.nhs.uk/service-search/find-an-accident-and-emergency-service' },
] as const;
