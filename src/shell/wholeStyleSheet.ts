import { WHOLE_STYLE_SHEET_ATTRIBUTE } from '../../common/pageStyle';

/**
 * Switches on the page's whole style sheet when the server sent it held back (`media="print"`,
 * server/criticalCss.ts): the page painted from the rules it carries inline, which cover only its
 * own first screen. Resolves once the sheet applies (at once on a page without a held-back sheet,
 * and also when the sheet fails to load: the page keeps its inline rules). The app draws nothing
 * new before this (src/main.tsx), so no screen it opens later lacks its styles.
 */
export function applyWholeStyleSheet(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${WHOLE_STYLE_SHEET_ATTRIBUTE}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = 'all';
            link.removeAttribute(WHOLE_STYLE_SHEET_ATTRIBUTE);
            resolve();
          };
          // Loaded already (the sheet is there, it only does not match yet), or when it does.
          if (link.sheet) apply();
          else {
            link.addEventListener('load', apply, { once: true });
            link.addEventListener('error', apply, { once: true });
          }
        }),
    ),
  ).then(() => undefined);
}
