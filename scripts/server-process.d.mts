import type { ChildProcess } from "node:child_process";

export const SERVER_NODE_FLAGS: string[];
export const SERVER_MALLOC_ENV: Record<string, string>;
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function runServer(entry: string, execArgv?: string[]): ChildProcess;
