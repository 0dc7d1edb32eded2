// @vitest-environment jsdom
// 999, 111 and the text relay numbers are tel: links wherever a page tells the patient
// to call them (src/screening/EmergencyNumber.tsx), with the sentences unchanged.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { WithNumbersLinked } from '../../../../src/screening/EmergencyNumber';
import { UrgentAdvice111 } from '../../../../src/screening/UrgentHelp';
import { SERVICE_OFF_MESSAGE } from '../../../../src/errors/messages';
import { UrgentWarning } from '../../../../src/shell/UrgentWarning';
import EmergencySignpostPage from '../../../../src/pages/EmergencySignpostPage';

afterEach(cleanup);

const SRC = path.resolve(__dirname, '../../../../src');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name.endsWith('.tsx') ? [full] : [];
  });
}

/** Text of a JSX line outside quoted strings (attributes such as heading="Call 999 now" are headings, not sentences). */
const unquoted = (line: string) => line.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '');
const PLAIN_NUMBER = /\b(call|on|relay:|or)\s+(999|111|18000|18001 111)\b(?! online)/i;

/** Every text node saying 999 / 111 / 18000 outside a link and a heading. */
function unlinkedNumbers(root: HTMLElement): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    if (parent.closest('a, h1, h2, h3, h4, h5, h6')) continue;
    if (PLAIN_NUMBER.test(node.textContent ?? '')) found.push(node.textContent!.trim());
  }
  return found;
}

describe('999, 111 and text relay are tel: links', () => {
  it('no page writes "call 999" / "call 111" / a text relay number as plain JSX text', () => {
    const offenders = files(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => !/^\s*(\/\/|\*|<h[1-6])/.test(line) && PLAIN_NUMBER.test(unquoted(line)))
        .map(({ i }) => `${path.relative(SRC, file)}:${i + 1}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the warning every page shows links 111, 999 and both text relay numbers, its words unchanged', () => {
    const { container } = render(<UrgentWarning />);
    expect(container.textContent).toContain('Do not use for urgent queries – call the practice or 111.');
    expect(container.textContent).toContain('In an emergency call 999. If you are deaf or hard of hearing, use text relay: 18000 for 999, 18001 111 for 111.');
    expect([...container.querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href'))).toEqual(['tel:111', 'tel:999', 'tel:18000', 'tel:18001111']);
    expect(unlinkedNumbers(container)).toEqual([]);
  });

  it('the "if you get worse" paragraph links 111 and its text relay', () => {
    const { container } = render(<UrgentAdvice111 />);
    expect(container.textContent).toBe('For urgent advice, use 111 online or call 111. If you are deaf or hard of hearing, use text relay on 18001 111.');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://111.nhs.uk/', 'tel:111', 'tel:18001111']);
  });

  it('the emergency signpost page links every number it asks the patient to call', () => {
    const { container } = render(
      <MemoryRouter>
        <EmergencySignpostPage />
      </MemoryRouter>,
    );
    expect(container.querySelector('a[href="tel:18000"]')).not.toBeNull();
    expect(container.querySelector('a[href="tel:111"]')).not.toBeNull();
    expect(unlinkedNumbers(container)).toEqual([]);
  });

  it("a message written as one string (the spec's service-off words) keeps its words and links its numbers, not '111 online'", () => {
    const { container } = render(
      <p>
        <WithNumbersLinked text={SERVICE_OFF_MESSAGE} />
      </p>,
    );
    expect(container.textContent).toBe('Service off. Call 111 or use 111 online. In an emergency, call 999.');
    expect([...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['111', 'tel:111'],
      ['999', 'tel:999'],
    ]);
  });
});
