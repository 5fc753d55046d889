export type ToastTone = 'info' | 'success' | 'error';

export interface ToastContent {
  message: string;
  tone: ToastTone;
}

export interface QueuedToast {
  key: number;
  content: ToastContent;
}

interface Timer {
  remaining: number;
  startedAt: number;
  handle?: ReturnType<typeof setTimeout>;
}

/**
 * The toasts raised, newest first, of which the first few show. A shown toast closes itself when
 * its time is up; its clock stops while the pointer or focus rests on the region, so a toast being
 * read or reached with the keyboard stays.
 */
export class ToastQueue {
  private toasts: QueuedToast[] = [];
  private visible: QueuedToast[] = [];
  private readonly timers = new Map<number, Timer>();
  private readonly listeners = new Set<() => void>();
  private nextKey = 1;
  private paused = false;

  constructor(private readonly maxVisible: number) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly visibleToasts = () => this.visible;

  add(content: ToastContent, { timeout }: { timeout: number }): number {
    const key = this.nextKey++;
    this.toasts = [{ key, content }, ...this.toasts];
    this.timers.set(key, { remaining: timeout, startedAt: 0 });
    this.update();
    return key;
  }

  close(key: number): void {
    clearTimeout(this.timers.get(key)?.handle);
    this.timers.delete(key);
    this.toasts = this.toasts.filter((toast) => toast.key !== key);
    this.update();
  }

  pause(): void {
    this.paused = true;
    for (const timer of this.timers.values()) {
      if (timer.handle === undefined) continue;
      clearTimeout(timer.handle);
      timer.handle = undefined;
      timer.remaining -= Date.now() - timer.startedAt;
    }
  }

  resume(): void {
    this.paused = false;
    this.startClocks();
  }

  private update() {
    this.visible = this.toasts.slice(0, this.maxVisible);
    if (!this.paused) this.startClocks();
    for (const listener of this.listeners) listener();
  }

  private startClocks() {
    for (const { key } of this.visible) {
      const timer = this.timers.get(key);
      if (!timer || timer.handle !== undefined) continue;
      timer.startedAt = Date.now();
      timer.handle = setTimeout(() => this.close(key), Math.max(0, timer.remaining));
    }
  }
}

/** One queue for the whole app, fed by showToast. */
export const toastQueue = new ToastQueue(3);
