import type { FormDocument } from '../../../renderer/index';
import type { StepRewording } from '../../patient-details/steps/forms';

/**
 * The child journey's words: the shared patient-details documents reworded for a parent or
 * guardian asking about a child (same fields, rules and messages, so the precompiled checks
 * still apply), and the age bands as a parent counts them.
 */

type Words = { title?: string; fields?: Record<string, string>; options?: Record<string, Record<string, string>> };

/** A form document with new words: page titles, field titles and option titles, by name. */
function reword(doc: FormDocument, words: Words): FormDocument {
  const properties = Object.fromEntries(
    Object.entries(doc.schema.properties).map(([name, prop]) => {
      const title = words.fields?.[name];
      const options = words.options?.[name];
      let next = title ? { ...prop, title } : prop;
      if (options && next.oneOf) next = { ...next, oneOf: next.oneOf.map((o) => ({ ...o, title: options[String(o.const)] ?? o.title })) };
      return [name, next];
    }),
  );
  return {
    ...doc,
    ...(words.title ? { title: words.title } : {}),
    pages: doc.pages.map((page) => (words.title ? { ...page, title: words.title } : page)),
    schema: { ...doc.schema, properties },
  };
}

const CHILD_DETAILS_TITLE = "The child's details";
const CHILD_CONTACT_TITLE = 'Your contact details, as the parent or carer';
export const OWN_NUMBER_FOR_CHILD = 'This is my own number (I am the parent or carer asking)';

/** PATIENT_DETAILS and CONTACT_DETAILS as a parent reads them: the child's details, then theirs. */
export const CHILD_DETAILS_WORDS: StepRewording = {
  details: (doc) =>
    reword(doc, {
      title: CHILD_DETAILS_TITLE,
      fields: {
        dateOfBirth: "The child's date of birth",
        sexAtBirth: "The child's sex at birth",
        firstName: "The child's first name",
        lastName: "The child's last name",
        postCode: 'The postcode where the child lives',
      },
    }),
  contact: (doc) =>
    reword(doc, {
      title: CHILD_CONTACT_TITLE,
      fields: {
        phoneNumber: 'Which phone number should the practice call about the child?',
      },
      options: { type: { OWN_NUMBER: OWN_NUMBER_FOR_CHILD } },
    }),
};

/** A patient-need label said about the child ("It is about my medication" → "It is about the child's medication"). */
export function needLabelForChild(label: string): string {
  return label.replace(/\bmy medication\b/gi, "the child's medication").replace(/\bmy medicine\b/gi, "the child's medicine");
}
