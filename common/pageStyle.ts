/**
 * The attribute on a drawn page's style sheet when the page carries its first screen's CSS inline
 * (server/criticalCss.ts writes it, src/shell/wholeStyleSheet.ts reads it): the sheet loads with
 * `media="print"`, so it holds back neither the first paint nor the page's script, and the app
 * switches it on once it has loaded.
 */
export const WHOLE_STYLE_SHEET_ATTRIBUTE = 'data-whole-style-sheet';
