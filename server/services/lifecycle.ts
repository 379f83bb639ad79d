/**
 * Where the process is in its life, for the readiness check: it takes traffic only
 * when "ready". Migrations run before the API port opens, so "migrating" is seen on the
 * ops port (ops-server.ts); "stopping" on both.
 */
export type Phase = "starting" | "migrating" | "ready" | "stopping";

export class Lifecycle {
  private current: Phase = "starting";

  get phase(): Phase {
    return this.current;
  }

  set phase(phase: Phase) {
    this.current = phase;
  }

  get ready(): boolean {
    return this.phase === "ready";
  }
}
