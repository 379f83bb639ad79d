import fs from "node:fs";
import path from "node:path";

const DIR = path.resolve(import.meta.dirname, "../../fixtures/media");

/** The committed media samples (fixtures/media), by file name. */
export function mediaSample(name: string): Buffer {
  return fs.readFileSync(path.join(DIR, name));
}

/** A multipart body with one part `file`. */
export function multipartFile(
  fileName: string,
  bytes: Uint8Array,
  contentType = "application/octet-stream",
  field = "file",
) {
  const boundary = `----lampstand${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
