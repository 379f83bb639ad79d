/**
 * The global loading flag behind the full-screen overlay. Code can open and close it
 * directly; every request made with `_loading` on (the default) holds it open until it
 * settles. The overlay shows while either is true.
 */
type Listener = () => void;

let openedByCode = false;
let requestsInFlight = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const loadingFlag = {
  open(): void {
    if (openedByCode) return;
    openedByCode = true;
    emit();
  },
  close(): void {
    if (!openedByCode) return;
    openedByCode = false;
    emit();
  },
  /** Marks one request as running; the returned function ends it (once). */
  begin(): () => void {
    requestsInFlight += 1;
    emit();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      requestsInFlight = Math.max(0, requestsInFlight - 1);
      emit();
    };
  },
  isVisible(): boolean {
    return openedByCode || requestsInFlight > 0;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** For tests: back to closed with nothing in flight. */
  reset(): void {
    openedByCode = false;
    requestsInFlight = 0;
    emit();
  },
};
