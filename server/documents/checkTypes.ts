export interface CheckResult {
  /** Number of documents looked at. */
  checked: number;
  /** One line per problem: `file: /json/path: message`. */
  problems: string[];
}

export interface CheckOptions {
  /**
   * The clinical hierarchy's checks of pathways (on unless false). Off only in tests of the
   * engine's own fixtures, which exercise its mechanics rather than clinical content.
   */
  hierarchy?: boolean;
}

/** One problem of one document: the file as shown, the JSON path ('' for unreadable or invalid JSON), what is wrong. */
export interface DocumentProblem {
  file: string;
  path: string;
  message: string;
}

/** A document to check: its absolute file name (which kind it is follows from it), how reports name it, its text. */
export interface DocumentSource {
  abs: string;
  shown: string;
  text: string;
}
