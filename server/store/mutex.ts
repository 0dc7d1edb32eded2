/** A FIFO async mutex: one holder at a time, the rest wait in order. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private held = false;

  get locked(): boolean {
    return this.held;
  }

  /** Resolves to a release function once the lock is held. */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    this.held = true;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.held = false;
      release();
    };
  }
}
