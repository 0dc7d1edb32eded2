// The form a deep link or a reload opens is asked for at start, together with the settings and
// the page's own code, instead of after them: the document's answer names its validator, which
// is then preloaded (<link rel="modulepreload">), so the form draws as soon as its page's code is
// in. Kept free of the renderer so the home page's bundle does not grow (README "Serving and
// speed on a phone").
import { DOCUMENT_PATHS, prefetchFormDocument } from '../api/documents';

/** The form document the page at `path` and `search` draws first, if any. */
function openingFormOf(path: string, search: string): string | undefined {
  const query = new URLSearchParams(search);
  switch (path) {
    case '/admin-request/form': {
      const request = query.get('request');
      return request && /^[A-Z][A-Z0-9_]{0,63}$/.test(request) ? request : undefined;
    }
    case '/change-of-contact-details':
      return 'CHANGE_OF_CONTACT_DETAILS';
    case '/child-request':
      return 'CHILD_AGE';
    case '/self-booking':
      return 'SELF_BOOKING';
    default:
      return undefined;
  }
}

export function prefetchOpeningForm(location: { pathname: string; search: string }): void {
  const id = openingFormOf(location.pathname, location.search);
  if (!id) return;
  prefetchFormDocument(id).then(
    (served) => {
      if (typeof served.validator !== 'string' || !served.validator.startsWith(DOCUMENT_PATHS.validatorPrefix)) return;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = served.validator;
      document.head.append(link);
    },
    () => undefined,
  );
}
