import fs from "node:fs";
import path from "node:path";
import { assertSafeKey, type ByteRange, type FileStorage } from "./storage.js";

/** The default: files under DATA_DIR/files, served by the static plugin. */
export function localStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async putFile(key, localPath) {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(localPath, target);
      } catch (error) {
        // Another file system (a mounted data volume): copy, then drop the temporary.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await fs.promises.copyFile(localPath, target);
        await fs.promises.rm(localPath, { force: true });
      }
    },
    async read(key, range?: ByteRange) {
      const file = fileOf(key);
      const size = await this.size(key);
      if (size === undefined) return undefined;
      return {
        stream: fs.createReadStream(file, range ?? {}),
        size,
      };
    },
    async size(key) {
      try {
        const stat = await fs.promises.stat(fileOf(key));
        return stat.isFile() ? stat.size : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
