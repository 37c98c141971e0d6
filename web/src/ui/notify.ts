/**
 * Messages (docs/product.md, Messages) are alerts and confirmations unless stated otherwise.
 * One seam for them, so components stay testable and the style can change in one place.
 *
 * They show in the app's own alert dialog (MessageHost), not the browser's alert/confirm: in the
 * current theme, without blocking the page. So asking is asynchronous: the promise settles when
 * the student answers, and a caller does nothing until then. Messages asked while one is open
 * wait their turn, in order.
 */

export interface PendingMessage {
  id: number;
  kind: 'alert' | 'confirm';
  text: string;
  /** True for OK, false for Cancel (Escape, the close button, a click outside). */
  answer(ok: boolean): void;
}

let queue: readonly PendingMessage[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function ask(kind: PendingMessage['kind'], text: string): Promise<boolean> {
  return new Promise((resolve) => {
    lastId += 1;
    const entry: PendingMessage = {
      id: lastId,
      kind,
      text,
      answer(ok) {
        if (!queue.includes(entry)) return;
        queue = queue.filter((e) => e !== entry);
        listeners.forEach((listener) => listener());
        resolve(ok);
      },
    };
    queue = [...queue, entry];
    listeners.forEach((listener) => listener());
  });
}

/** Shows `message` with an OK button; resolves once it is closed. */
export async function showAlert(message: string): Promise<void> {
  await ask('alert', message);
}

/** Asks `message` with OK and Cancel; resolves to true for OK. */
export function askToConfirm(message: string): Promise<boolean> {
  return ask('confirm', message);
}

/** For MessageHost: the message to show now, if any. */
export const currentMessage = (): PendingMessage | null => queue[0] ?? null;

/** For MessageHost: called whenever the current message changes. */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
