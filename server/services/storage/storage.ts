import type { Readable } from "node:stream";

/** A byte range of a stored object, both ends included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the media library keeps its files. Keys are relative paths such as
 * `library/2026/11/<id>.mp3`; a file is served at `/files/<key>`. Uploads are first
 * streamed to a local temporary (to sniff, hash and measure them), then handed over.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Takes over a finished local file (it is moved or copied, then gone from `localPath`). */
  putFile(
    key: string,
    localPath: string,
    mime: string,
    size: number,
  ): Promise<void>;
  /** The object's bytes (a range of them if asked), or undefined when there is none. */
  read(
    key: string,
    range?: ByteRange,
  ): Promise<{ stream: Readable; size: number } | undefined>;
  /** Its size, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object; no error when it is already gone. */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server; this refuses anything else (a path escaping the root). */
export function assertSafeKey(key: string): void {
  if (
    !/^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/i.test(key) ||
    key.split("/").some((part) => part === "" || part.startsWith("."))
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
