import { createClient } from "./client";

/** The system service: users, roles, permissions, jobs, configs (/tjc/system/…). */
export const systemClient = createClient("system", "system");
/** The main service: content, tags, auth, reference data (/tjc/…). */
export const mainClient = createClient("main", "main");
/** The static-content service. */
export const staticClient = createClient("static", "static");

export { ApiError } from "./errors";
export { loadingFlag } from "./loading";
export type { TjcClient, RequestOptions, Download } from "./client";
