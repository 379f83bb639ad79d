/**
 * Why an upload was refused; the route turns it into 41500 or 41300. Its own module so the
 * routes can recognise it without loading the sniffing and metadata libraries at start.
 */
export class UploadRefused extends Error {
  constructor(
    readonly reason: "type" | "size",
    readonly detected: string | null,
  ) {
    super(reason === "type" ? "unsupported type" : "over the size limit");
  }
}
