import path from "node:path";
import type { Config } from "../../config.js";
import { localStorage } from "./local-storage.js";
import type { FileStorage } from "./storage.js";

export type { FileStorage, ByteRange } from "./storage.js";

/**
 * The storage the config names: S3 when STORAGE=s3, else the local data directory. The
 * AWS SDK is loaded only for S3, so a local install never pays for it (or its warnings).
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.storage.kind === "s3") {
    const { s3Storage } = await import("./s3-storage.js");
    return s3Storage(config.storage.s3);
  }
  return localStorage(path.join(config.dataDir, "files"));
}
