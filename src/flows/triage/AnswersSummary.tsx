// "Send your request?" shows what will be sent before it goes: each question answered, in the
// words the patient saw (the renderer's answerWords: option labels, Yes/No, dates in words),
// then what they wrote in their own words. Display-only text and unanswered questions are left out.
import { answerWords, questionOf, visibleFields, type FormData } from '../../../renderer/index';
import { ANSWER_FORMATS } from '../../../common';
import type { ExecutionSection } from '../../api/engine';
import type { PatientContext } from '../guideline/journey';

export interface AnswerRow {
  question: string;
  answer: string;
}

/** The rows of the sections answered, in the order they were asked. */
export function answerRows(answered: ReadonlyArray<{ section: ExecutionSection; answers: FormData }>, context?: PatientContext): AnswerRow[] {
  const rows: AnswerRow[] = [];
  for (const { section, answers } of answered) {
    const doc = section.document;
    for (const field of visibleFields(doc, answers, section.parameters)) {
      if (doc.uiSchema?.[field]?.['ui:widget'] === 'display') continue;
      const value = answers[field];
      if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      // Photos are counted, not listed by id: they were each shown to the patient as they were added.
      const photos = doc.schema.properties[field]?.['x-observationType'] === 'ATTACHMENT' && Array.isArray(value) ? value.length : undefined;
      const answer =
        photos !== undefined ? `${photos} ${photos === 1 ? 'photo' : 'photos'} added` : answerWords(doc, field, value, { formats: ANSWER_FORMATS });
      if (answer) rows.push({ question: questionOf(doc, field), answer });
    }
  }
  if (context?.patientNeed?.label) rows.push({ question: 'What you hope for from the practice', answer: context.patientNeed.label });
  if (context?.additionalInfo) rows.push({ question: 'Anything else you told the practice', answer: context.additionalInfo });
  return rows;
}

export function AnswersSummary({ rows }: { rows: readonly AnswerRow[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2 className="nhsuk-heading-m">Your answers</h2>
      <dl className="nhsuk-summary-list" data-testid="answers-summary">
        {rows.map((row, i) => (
          <div className="nhsuk-summary-list__row" key={`${i}:${row.question}`}>
            <dt className="nhsuk-summary-list__key">{row.question}</dt>
            <dd className="nhsuk-summary-list__value">{row.answer}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
