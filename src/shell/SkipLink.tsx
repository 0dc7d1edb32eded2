/** NHS.UK frontend's class that hides the focus ring of the section the skip link moved focus to, until it loses focus. */
const FOCUSED_CLASS = 'nhsuk-skip-link-focused-element';

/**
 * The design system's skip link, with its script's one job done here: moving focus to the
 * linked section (VoiceOver on iOS otherwise leaves it on the link). nhsuk-react-components'
 * SkipLink fetches NHS.UK frontend's script for that after the first render, two chunks (about
 * 2 kB brotli) on every page's first screen.
 */
export function SkipLink({ targetId = 'maincontent', children = 'Skip to main content' }: { targetId?: string; children?: string }) {
  function onClick() {
    const target = document.getElementById(targetId);
    if (!target) return;
    // No preventDefault: the link still jumps and the URL gains the hash, as with the design system's script.
    const hadTabIndex = target.hasAttribute('tabindex');
    if (!hadTabIndex) target.setAttribute('tabindex', '-1');
    target.classList.add(FOCUSED_CLASS);
    target.addEventListener(
      'blur',
      () => {
        target.classList.remove(FOCUSED_CLASS);
        if (!hadTabIndex) target.removeAttribute('tabindex');
      },
      { once: true },
    );
    target.focus();
  }
  return (
    <a href={`#${targetId}`} className="nhsuk-skip-link" onClick={onClick}>
      {children}
    </a>
  );
}
