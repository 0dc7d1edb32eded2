// In-page instrumentation shared by both bench pages. scripts/bench-renderer.mjs reads
// `window.__bench` through playwright.
//
// Per interaction (a keydown, or a click) it records a precise latency: from the event's
// timeStamp (when the browser received the input) to just after the next paint, taken by a
// requestAnimationFrame callback that posts a MessageChannel message (the message runs after
// the frame is presented). It also splits that into input delay (timeStamp → first listener),
// processing (first listener → the event's bubble phase on window, i.e. every handler
// including React's synchronous render and commit; for a click, through the `change` that
// follows it in the same task) and rendering (style, layout, paint).
// Separately it keeps the Event Timing entries (durationThreshold 16 ms, rounded to 8 ms),
// the browser's own measure of the same interactions.

export interface Interaction {
  kind: 'key' | 'click';
  /** event.timeStamp of the keydown / click (ms since navigation start). */
  start: number;
  /** performance.now() in the first (window capture) listener. */
  handlerStart: number;
  /** performance.now() when the event (a click: or the `change` after it) reached window in the bubble phase. */
  handlerEnd: number;
  /** performance.now() after the next paint. */
  end: number;
  /**
   * Time spent in the page's own handlers of the event that does the work (`input` for typing,
   * `click` for clicks, through the `change` that follows a click): window capture → window
   * bubble, which is where React renders and commits a discrete update.
   */
  app: number;
}

export interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

export interface BenchState {
  marks: Record<string, number>;
  interactions: Interaction[];
  events: EventEntry[];
  eventTimingSupported: boolean;
  /** Resolves once `n` interactions have been measured to their paint. */
  waitFor(n: number): Promise<void>;
  /** Forget interactions measured so far (after the warm-up). */
  reset(): void;
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}

/** Runs `callback` just after the next frame has been painted. */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(null);
  });
}

export function installBench(): BenchState {
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const state: BenchState = {
    marks: {},
    interactions: [],
    events: [],
    eventTimingSupported: typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('event'),
    waitFor(n) {
      if (state.interactions.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    reset() {
      state.interactions = [];
    },
  };
  window.__bench = state;

  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i -= 1) {
      const w = waiters[i];
      if (w && state.interactions.length >= w.n) {
        waiters.splice(i, 1);
        w.resolve();
      }
    }
  };

  let current: Interaction | undefined;
  let appStart = 0;
  const begin = (kind: Interaction['kind']) => (event: Event) => {
    const interaction: Interaction = { kind, start: event.timeStamp, handlerStart: performance.now(), handlerEnd: 0, end: 0, app: 0 };
    appStart = kind === 'click' ? interaction.handlerStart : 0;
    current = interaction;
    afterNextPaint(() => {
      interaction.end = performance.now();
      state.interactions.push(interaction);
      settle();
    });
  };
  const finish = () => {
    if (current && current.handlerEnd === 0) {
      current.handlerEnd = performance.now();
      current.app = current.handlerEnd - appStart;
    }
  };
  window.addEventListener(
    'input',
    () => {
      if (current?.kind === 'key' && current.handlerEnd === 0) appStart = performance.now();
    },
    { capture: true },
  );
  // Capture on window runs before React's listeners on the root; bubble on window runs after them.
  window.addEventListener('keydown', begin('key'), { capture: true });
  window.addEventListener('click', begin('click'), { capture: true });
  // Typing does its work in the `input` event that follows keydown, within the same task.
  window.addEventListener('input', finish);
  window.addEventListener('click', finish);
  // A radio's `input` and `change` events follow its click in the same task, and a page may do its
  // work there (our radios store the choice on `change`): the handlers run until the last of them.
  window.addEventListener('change', () => {
    if (current?.kind === 'click' && current.handlerEnd !== 0 && current.end === 0) {
      current.handlerEnd = performance.now();
      current.app = current.handlerEnd - appStart;
    }
  });

  if (state.eventTimingSupported) {
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        state.events.push({
          name: e.name,
          interactionId: e.interactionId,
          startTime: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
        });
      }
    });
    observer.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  }
  return state;
}

/** Marks the first commit of the form, then the first paint after it. */
export function markFirstRender(state: BenchState): void {
  state.marks.commit = performance.now();
  afterNextPaint(() => {
    state.marks.painted = performance.now();
    state.marks.fields = document.querySelectorAll('input').length;
  });
}

export function sizeFromUrl(): number {
  const n = Number(new URLSearchParams(location.search).get('n') ?? '300');
  return Number.isInteger(n) && n > 0 ? n : 300;
}
