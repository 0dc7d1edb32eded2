// Who listens to what in the form model (formModel.ts): each field subscribes to its own path,
// the content blocks and the error summary to their own keys, so a change tells only them.
type Listener = () => void;

const CONTENT_KEY = '\u0000content';
const ERRORS_KEY = '\u0000errors';

export class StoreSubscriptions {
  private listeners = new Map<string, Set<Listener>>();

  // ---- subscriptions -------------------------------------------------------------------

  subscribe(key: string, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  protected notify(key: string): void {
    const set = this.listeners.get(key);
    if (set) for (const l of [...set]) l();
  }

  subscribeContent = (listener: Listener) => this.subscribe(CONTENT_KEY, listener);
  subscribeErrors = (listener: Listener) => this.subscribe(ERRORS_KEY, listener);
}

export { CONTENT_KEY, ERRORS_KEY };
