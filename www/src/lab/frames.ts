// The frame loop: one `work(now)` a display frame while the figure is live, asleep (no frames at all) while
// it is off screen or in a hidden tab, woken when it comes back. It marks what the page benchmark reads
// (scripts/bench-page.mjs): each frame's own time, and the first frame drawn.

export class FrameLoop {
  /** The loop stopped while the figure was not live; `wake` starts it again. */
  private sleeping = false;
  private drawnOnce = false;
  private frames = 0;
  private readonly frame = (now: number) => {
    // Not live (off screen, a hidden tab): no steps, no drawing, no frames until woken.
    if (this.live?.() === false) {
      this.sleeping = true;
      return;
    }
    this.tick(now);
    requestAnimationFrame(this.frame);
  };

  /**
   * `work` steps and draws for a frame; `drawn` says whether what it shows is up to date (the first frame
   * is the first that is); `live` whether the figure may step and draw now.
   */
  constructor(
    private readonly work: (now: number) => void,
    private readonly drawn: () => boolean,
    private readonly live?: () => boolean,
  ) {}

  start(): void {
    requestAnimationFrame(this.frame);
  }

  /** Starts the loop again after the figure was not live: true where it was asleep and now runs. */
  wake(): boolean {
    if (!this.sleeping || this.live?.() === false) return false;
    this.sleeping = false;
    requestAnimationFrame(this.frame);
    return true;
  }

  private tick(now: number): void {
    const began = performance.now();
    this.work(now);
    // User Timing entries, cleared as they go, so an hour-long session does not pile them up.
    performance.measure('lab:frame', { start: began, end: performance.now() });
    if (++this.frames % 600 === 0) performance.clearMeasures('lab:frame');
    if (!this.drawnOnce && this.drawn()) {
      this.drawnOnce = true;
      performance.mark('lab:first-frame');
    }
  }
}

/** Resolves once the page has drawn its first frame (the `lab:first-frame` mark), and `after` ms more. */
export function firstFrame(after = 0): Promise<void> {
  const drawn = new Promise<void>((resolve) => {
    if (performance.getEntriesByName('lab:first-frame').length > 0) {
      resolve();
      return;
    }
    const seen = new PerformanceObserver((list) => {
      if (list.getEntriesByName('lab:first-frame').length === 0) return;
      seen.disconnect();
      resolve();
    });
    seen.observe({ type: 'mark' });
  });
  return drawn.then(() => new Promise((resolve) => setTimeout(resolve, after)));
}
