/**
 * Words that say nothing about which pathway fits ("I have had a bad cough for days"): removed
 * from the patient's text before searching, and never indexed. Plain English function words
 * plus the filler of how people describe feeling unwell; no symptom word is on this list.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'because', 'been',
  'before', 'being', 'but', 'by', 'can', 'cant', 'could', 'did', 'do', 'does', 'doing', 'dont', 'feel', 'feeling', 'feels', 'felt', 'for', 'from', 'get',
  'getting', 'got', 'had', 'has', 'have', 'having', 'he', 'her', 'hers', 'him', 'his', 'how', 'i', 'if', 'im', 'in',
  'into', 'is', 'it', 'its', 'ive', 'just', 'keep', 'like', 'lot', 'me', 'mine', 'more', 'much', 'my', 'myself', 'need',
  'no', 'not', 'now', 'of', 'off', 'on', 'once', 'only', 'or', 'our', 'out', 'over', 'please', 'quite', 'really', 'she',
  'since', 'so', 'some', 'still', 'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'think',
  'this', 'those', 'to', 'too', 'up', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who',
  'why', 'will', 'with', 'would', 'you', 'your',
]);
