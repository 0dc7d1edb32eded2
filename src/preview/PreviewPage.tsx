// /_preview and /_preview/:id — draws any form document (schemas/forms and the test fixtures)
// with the real renderer, next to its live answers and the exact payload Send would submit.
// Read-only: nothing is stored or sent. Documents load lazily, one chunk each, so `npm run dev`
// hot-reloads an edited JSON file without a restart.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FormDocument } from '../../renderer/index';
import { Preview } from '../staff-preview/FormPreview';
import './preview.scss';
import { usePageTitle } from '../shell/usePageTitle';

type Loader = () => Promise<unknown>;

const formModules = import.meta.glob('../../schemas/forms/*.form.json', { eager: false, import: 'default' }) as Record<string, Loader>;
const fixtureModules = import.meta.glob('../../schemas/fixtures/forms/*.form.json', { eager: false, import: 'default' }) as Record<string, Loader>;

interface Entry {
  key: string;
  group: 'Forms' | 'Fixtures';
  load: Loader;
}

function entries(): Entry[] {
  const out: Entry[] = [];
  const add = (modules: Record<string, Loader>, group: Entry['group']) => {
    for (const [file, load] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
      const key = file
        .split('/')
        .pop()!
        .replace(/\.form\.json$/, '');
      out.push({ key, group, load });
    }
  };
  add(formModules, 'Forms');
  add(fixtureModules, 'Fixtures');
  return out;
}

const ENTRIES = entries();

function DocumentList({ current }: { current: string | undefined }) {
  return (
    <nav aria-label="Form documents">
      {(['Forms', 'Fixtures'] as const).map((group) => (
        <div key={group}>
          <h2 className="nhsuk-heading-s">{group}</h2>
          <ul className="nhsuk-list app-preview__list">
            {ENTRIES.filter((e) => e.group === group).map((e) => (
              <li key={e.key}>
                <Link to={`/_preview/${e.key}`} aria-current={e.key === current ? 'page' : undefined}>
                  {e.key}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function PreviewPage() {
  usePageTitle('Preview');
  const { id } = useParams();
  const entry = id ? ENTRIES.find((e) => e.key === id) : undefined;
  const [loaded, setLoaded] = useState<{ key: string; doc: FormDocument; version: number } | { key: string; error: string } | undefined>();

  useEffect(() => {
    if (!entry) return;
    let live = true;
    entry.load().then(
      (doc) =>
        live &&
        setLoaded((previous) => ({
          key: entry.key,
          doc: doc as FormDocument,
          version: previous && 'version' in previous && previous.key === entry.key ? previous.version + 1 : 0,
        })),
      (error: unknown) => live && setLoaded({ key: entry.key, error: String(error) }),
    );
    return () => {
      live = false;
    };
  }, [entry]);

  const current = loaded && entry && loaded.key === entry.key ? loaded : undefined;
  return (
    <div className="app-preview">
      <h1>{current && 'doc' in current ? `Preview: ${current.doc.title}` : 'Preview form documents'}</h1>
      {id && !entry ? <p>There is no document called {id}.</p> : null}
      {current && 'error' in current ? <p>The document could not be loaded: {current.error}</p> : null}
      {current && 'doc' in current ? <Preview key={current.key} entryKey={current.key} doc={current.doc} version={current.version} /> : null}
      {entry && !current ? <p>Loading…</p> : null}
      <DocumentList current={entry?.key} />
    </div>
  );
}
