// @vitest-environment jsdom
// The frame's skip link (src/shell/SkipLink.tsx) does what NHS.UK frontend's script did without
// loading it: the click moves focus to the main content, whose focus ring is hidden until it
// loses focus, and a section with no tabindex of its own gets one only while focused.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SkipLink } from '../../../../src/shell/SkipLink';

afterEach(cleanup);

describe('the skip link', () => {
  it('is the design system link to #maincontent, and moves focus there', async () => {
    render(
      <>
        <SkipLink />
        <main id="maincontent" tabIndex={-1}>
          <button type="button">In the page</button>
        </main>
        <button type="button">Elsewhere</button>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link.getAttribute('href')).toBe('#maincontent');
    expect(link.className).toBe('nhsuk-skip-link');
    await userEvent.click(link);
    const main = document.getElementById('maincontent')!;
    expect(document.activeElement).toBe(main);
    expect(main.classList.contains('nhsuk-skip-link-focused-element')).toBe(true);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    expect(main.classList.contains('nhsuk-skip-link-focused-element')).toBe(false);
    // Its own tabindex is kept.
    expect(main.getAttribute('tabindex')).toBe('-1');
  });

  it('gives a section without a tabindex one while it holds focus', async () => {
    render(
      <>
        <SkipLink targetId="content">Skip to the content</SkipLink>
        <div id="content">Text</div>
        <button type="button">Elsewhere</button>
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Skip to the content' }));
    const content = document.getElementById('content')!;
    expect(document.activeElement).toBe(content);
    expect(content.getAttribute('tabindex')).toBe('-1');
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    expect(content.hasAttribute('tabindex')).toBe(false);
  });
});
