/**
 * Screens that load lazily can register a preloader here. The login page runs them while
 * the user types, so the first screen after login does not wait for its chunk.
 */
const preloaders = new Set<() => Promise<unknown>>();
let started = false;

export function registerPreload(load: () => Promise<unknown>): void {
  preloaders.add(load);
}

export function preloadScreens(): void {
  if (started) return;
  started = true;
  for (const load of preloaders) {
    // A failure here is not the user's problem yet: the real load reports it.
    load().catch(() => {});
  }
}

export function preloadWhenIdle(): () => void {
  const idle =
    window.requestIdleCallback ??
    ((cb: () => void) => window.setTimeout(cb, 200));
  const cancel = window.cancelIdleCallback ?? window.clearTimeout;
  const handle = idle(() => preloadScreens());
  return () => cancel(handle);
}
