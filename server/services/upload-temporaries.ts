import fs from "node:fs";
import path from "node:path";

/** Uploads are streamed to `.upload-<id>` beside their final place, then renamed. */
export const UPLOAD_TEMPORARY_PREFIX = ".upload-";

/**
 * Removes the temporaries a crash (kill -9, power loss) left under `root`. Only those not
 * written to for `olderThanMs` go: with several instances on shared storage another
 * instance may be writing one right now, and no upload outlives the request timeout.
 * Answers how many were removed.
 */
export async function removeStaleUploadTemporaries(
  root: string,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!path.basename(name).startsWith(UPLOAD_TEMPORARY_PREFIX)) continue;
    const file = path.join(root, name);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile() || now - stat.mtimeMs < olderThanMs) continue;
      await fs.promises.rm(file, { force: true });
      removed += 1;
    } catch (error) {
      // Renamed or removed meanwhile by the upload that owned it.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}
