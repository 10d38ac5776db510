/** The server's only clock (D1.3). Tests and journeys move a ControllableClock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that follows real time from an offset the tests can move forward or set. */
export class ControllableClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  set(at: Date): void {
    if (this.frozenAt !== null) this.frozenAt = at.getTime();
    else this.offsetMs = at.getTime() - Date.now();
  }

  /** Stops the clock at its current time until `advance` or `set` move it. */
  freeze(): void {
    this.frozenAt = this.now().getTime();
  }
}
