// How the server process is started: `npm start` (scripts/start.mjs) and the benches
// (bench/processes.ts) both read these, so a bench measures the process users run.
import { spawn } from "node:child_process";
import os from "node:os";

/**
 * Node flags of the server process (docs/decisions.md, docs/operations.md):
 * - a smaller young generation keeps RSS down under load;
 * - the old generation's limit grows by 20 % after a full collection rather than by V8's
 *   own factor (up to 4×): the garbage of a CSV export or a burst of writes is collected
 *   at a smaller heap instead of being kept as committed memory (a mixed pass over every
 *   route group left 215 MB of RSS, 158 MB with it; the list's speed measured the same).
 */
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=2",
  "--heap-growing-percent=20",
];

/**
 * glibc malloc settings of the server process, each used only where the environment does
 * not set it already (docs/operations.md, docs/performance.md "Where the memory goes").
 * glibc reads them once, when a process starts, so they must be in the environment the
 * server process is started with. Other C libraries (musl) ignore them.
 *
 * - MALLOC_MMAP_THRESHOLD_: blocks of 128 KiB and more are mmapped and given back when
 *   freed. 128 KiB is glibc's own starting threshold; set, it no longer rises to the
 *   largest block freed so far (Node's 4 MB read of the bundle at start raised it, and the
 *   buffers of a big CSV export then stayed in the main arena: +24 MB).
 * - MALLOC_ARENA_MAX: at most two malloc arenas instead of eight per core, each of which
 *   keeps what its threads freed.
 */
export const SERVER_MALLOC_ENV = {
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_ARENA_MAX: "2",
};

/** `env` with the server's malloc settings added where it does not set them. */
export function serverEnv(env = process.env) {
  const result = { ...env };
  for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) {
    if (result[name] === undefined || result[name] === "") result[name] = value;
  }
  return result;
}

/** The signals a supervisor or a terminal sends to stop the server, passed on to it. */
const FORWARDED_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"];

/**
 * Runs `entry` as the server: a child Node process with the server's flags (then this
 * process's own, e.g. `node --enable-source-maps scripts/start.mjs`) and malloc settings,
 * sharing this process's stdio. SIGTERM, SIGINT and SIGHUP are passed on to it; when it
 * ends, this process ends the same way: with its exit code, or killed by its signal.
 */
export function runServer(entry, execArgv = process.execArgv) {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...execArgv, entry],
    { stdio: "inherit", env: serverEnv() },
  );
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null)
      child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  child.on("error", (error) => {
    console.error(`Lampstand could not start the server: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    for (const name of FORWARDED_SIGNALS) process.off(name, forward);
    // A signal this process ignores (SIGPIPE) falls through to the shell's 128 + its number.
    if (signal) process.kill(process.pid, signal);
    process.exit(
      signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1),
    );
  });
  return child;
}
