// A limit on work in flight: a counter and queues of waiters. Awaiting `Promise.race` over every
// promise in flight on each call costs a reaction per promise per call, and memory with them.

export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idle: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** Starts `job` once fewer than `max` run; resolves when it has started, not when it ends. */
  async start(job: () => Promise<void>): Promise<void> {
    while (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    void job().finally(() => {
      this.running--;
      this.waiting.shift()?.();
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    });
  }

  /** Resolves once nothing runs. */
  async settled(): Promise<void> {
    while (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
