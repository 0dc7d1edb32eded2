// Bench page: our SchemaForm on a generated form. By default with the app's NHS stylesheet, as
// shipped; `&css=0` leaves it out, so the page is styled like the rjsf page (not at all).
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { SchemaForm } from '../renderer/index';
import { ourDocument } from './generate';
import { installBench, markFirstRender, sizeFromUrl } from './measure';

const bench = installBench();
const doc = ourDocument(sizeFromUrl());
const styled = new URLSearchParams(location.search).get('css') !== '0';

function Page() {
  useLayoutEffect(() => markFirstRender(bench), []);
  return <SchemaForm doc={doc} onSubmit={() => undefined} />;
}

async function main() {
  if (styled) await import('../src/styles/app.scss');
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<Page />);
}

void main();
