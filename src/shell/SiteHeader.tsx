import type { MouseEventHandler, ReactNode } from 'react';

/**
 * The NHS.UK header, service variant with the NHS logo (the design system's markup and classes,
 * as nhsuk-react-components' `Header` renders it). Drawn here because that component brings its
 * search box (and with it the form fields), navigation menu and menu script into every page's
 * first download, about 4 kB of the home page's 110 kB budget, and our header has neither
 * (README.md "Serving and speed on a phone"). Form screens still use the library's fields.
 */
export function SiteHeader({ serviceName, children }: { serviceName: string; children?: ReactNode }) {
  return (
    <header className="nhsuk-header" role="banner">
      <div className="nhsuk-width-container nhsuk-header__container">
        <div className="nhsuk-header__service">
          <a className="nhsuk-header__service-logo" href="/" aria-label={`NHS ${serviceName} homepage`}>
            <svg
              className="nhsuk-header__logo"
              xmlns="http://www.w3.org/2000/svg"
              viewBox="0 0 200 80"
              height="40"
              width="100"
              focusable="false"
              role="img"
              aria-label="NHS"
            >
              <title>NHS</title>
              <path
                fill="currentcolor"
                d="M200 0v80H0V0h200Zm-27.5 5.5c-14.5 0-29 5-29 22 0 10.2 7.7 13.5 14.7 16.3l.7.3c5.4 2 10.1 3.9 10.1 8.4 0 6.5-8.5 7.5-14 7.5s-12.5-1.5-16-3.5L135 70c5.5 2 13.5 3.5 20 3.5 15.5 0 32-4.5 32-22.5 0-19.5-25.5-16.5-25.5-25.5 0-5.5 5.5-6.5 12.5-6.5a35 35 0 0 1 14.5 3l4-13.5c-4.5-2-12-3-20-3Zm-131 2h-22l-14 65H22l9-45h.5l13.5 45h21.5l14-65H64l-9 45h-.5l-13-45Zm63 0h-18l-13 65h17l6-28H117l-5.5 28H129l13.5-65H125L119.5 32h-20l5-24.5Z"
              />
            </svg>
            <span className="nhsuk-header__service-name">{serviceName}</span>
          </a>
        </div>
        {children}
      </div>
    </header>
  );
}

/** The header's account list (`nhsuk-header__account`) with one button item. */
export function SiteHeaderAccountButton({ onClick, children }: { onClick: MouseEventHandler<HTMLButtonElement>; children: ReactNode }) {
  return (
    <nav className="nhsuk-header__account" aria-label="Account">
      <ul className="nhsuk-header__account-list">
        <li className="nhsuk-header__account-item">
          <form className="nhsuk-header__account-form" noValidate>
            <button type="button" className="nhsuk-header__account-button" onClick={onClick}>
              {children}
            </button>
          </form>
        </li>
      </ul>
    </nav>
  );
}
