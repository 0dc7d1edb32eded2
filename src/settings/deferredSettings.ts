import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFERRED_KEY, leadsToSearch } from './firstScreenData';
import { pageStartAnswers } from './startAnswers';

/*
 * The part of the deferred settings (src/settings/firstScreenData.ts) in the first download: the
 * loader that fetches what the page's answers lack when a page that reads it opens. The rest (the
 * download, the pages' hook) is src/settings/useDeferredSettings.ts, downloaded with the search or
 * when the loader first needs it: the home page's JavaScript stays under its 90 kB.
 */

/**
 * Inside the router, drawing nothing: starts the download when the patient opens a page that reads
 * a deferred part, or the emergency check on the way to one (so the search has them by the time it
 * shows). The home page never starts it.
 */
export function DeferredSettingsLoader(): null {
  const { pathname, search } = useLocation();
  const wanted = Object.hasOwn(pageStartAnswers(), DEFERRED_KEY) && leadsToSearch(pathname, search);
  useEffect(() => {
    if (wanted) void import('./useDeferredSettings').then((m) => m.loadDeferredSettings());
  }, [wanted]);
  return null;
}
