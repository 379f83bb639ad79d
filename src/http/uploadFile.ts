import {
  LANGUAGE_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from "../../common/constants";
import { Code, type Envelope } from "../../common/codes";
import { resolveBase } from "./config";
import { expireSession } from "./sessionExpiry";

export interface UploadOptions {
  /** Called as bytes leave the browser: loaded and total, in bytes. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** An upload the server refused, with its envelope code and localised message. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/**
 * Sends one file to the media library (multipart, field "file") on the main service with
 * the session's token and language, and answers the envelope's data. XMLHttpRequest, not
 * fetch: only it reports upload progress. A renewed token in the answer's Authorization
 * header is kept, as the admin's /tjc client does; 20107 ends the session.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${resolveBase("main")}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader(
      "Accept-Language",
      localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? "zh-CN",
    );
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    if (onProgress)
      xhr.upload.onprogress = (event) =>
        onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onerror = () => reject(new UploadError(`HTTP ${xhr.status}`, 0));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    xhr.onload = () => {
      const renewed = xhr.getResponseHeader("Authorization");
      if (renewed)
        localStorage.setItem(
          TOKEN_STORAGE_KEY,
          renewed.replace(/^Bearer\s+/i, ""),
        );
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        reject(new UploadError(`HTTP ${xhr.status}`, 0));
        return;
      }
      if (envelope.code === Code.SESSION_EXPIRED)
        void expireSession(envelope.message);
      if (envelope.code !== Code.OK) {
        reject(
          new UploadError(
            envelope.message || `HTTP ${xhr.status}`,
            envelope.code,
          ),
        );
        return;
      }
      resolve(envelope.data);
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
