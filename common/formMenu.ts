// A form's entry in the patients' menu of admin forms: a key of the form document that the
// renderer leaves alone (it draws forms, it does not list them). The server syncs the admin-forms
// settings from it; the receipt and the confirmation read its reply time.

export interface FormMenuEntry {
  label: string;
  subTitle: string;
  requiresPatientRecord: boolean;
  /** Place in the menu, smallest first. */
  order: number;
  /**
   * When the practice replies, e.g. { timeFrame: "within 2 working days" }; `sentence`: the form's
   * own words for it, said instead on the receipt and in the confirmation (replyTimes.ts).
   */
  reply?: { timeFrame: string; sentence?: string };
}

/** What the app reads of a form document besides the renderer's shape: present on admin forms a patient can pick from the menu. */
export interface WithFormMenu {
  menu?: FormMenuEntry;
}
