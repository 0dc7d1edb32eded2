// @vitest-environment jsdom
// The whole style sheet a drawn page holds back (server/criticalCss.ts: media="print" and a marker)
// is switched on by the app once it has loaded, or at once when it already has; a sheet that fails
// to load does not hold the app back; a page without a held-back sheet is left as it is.
import { afterEach, describe, expect, it } from 'vitest';
import { WHOLE_STYLE_SHEET_ATTRIBUTE } from '../../../../common/pageStyle';
import { applyWholeStyleSheet } from '../../../../src/shell/wholeStyleSheet';

afterEach(() => {
  document.head.innerHTML = '';
});

/** A held-back sheet as the server writes it; `loaded` stands for a sheet the browser has already read. */
function heldBack(loaded = false): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.setAttribute(WHOLE_STYLE_SHEET_ATTRIBUTE, '');
  link.href = '/assets/style-T3st.css';
  document.head.append(link);
  // jsdom fetches no sheet: `sheet` stands for the browser's own answer (null until it has read it).
  Object.defineProperty(link, 'sheet', { configurable: true, get: () => (loaded ? ({} as CSSStyleSheet) : null) });
  return link;
}

/** Whether the promise has settled once queued work has run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('applyWholeStyleSheet', () => {
  it('switches a held-back sheet on once it has loaded, not before', async () => {
    const link = heldBack();
    const applied = applyWholeStyleSheet();
    expect(await settled(applied)).toBe(false);
    expect(link.media).toBe('print');
    link.dispatchEvent(new Event('load'));
    expect(await settled(applied)).toBe(true);
    expect(link.media).toBe('all');
    expect(link.hasAttribute(WHOLE_STYLE_SHEET_ATTRIBUTE)).toBe(false);
  });

  it('switches a sheet that has already loaded on at once', async () => {
    const link = heldBack(true);
    expect(await settled(applyWholeStyleSheet())).toBe(true);
    expect(link.media).toBe('all');
  });

  it('does not hold the app back when the sheet fails to load', async () => {
    const link = heldBack();
    const applied = applyWholeStyleSheet();
    link.dispatchEvent(new Event('error'));
    expect(await settled(applied)).toBe(true);
  });

  it('leaves a page without a held-back sheet as it is', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/style-T3st.css';
    document.head.append(link);
    expect(await settled(applyWholeStyleSheet())).toBe(true);
    expect(link.getAttribute('media')).toBeNull();
  });
});
