// Set-up file of the `unit-dom` project, whose jsdom test files share one window per worker
// (`isolate: false`): after each file, whatever it left in the window is taken away, so the next
// file starts from an empty page as it would in a window of its own.
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

afterAll(() => {
  cleanup();
  document.body.innerHTML = '';
  document.title = '';
  document.documentElement.removeAttribute('lang');
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
