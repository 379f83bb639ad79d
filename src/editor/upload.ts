import {
  LANGUAGE_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from "../../common/constants";
import { Code } from "../../common/codes";
import { resolveBase } from "../http/config";
import { expireSession } from "../http/sessionExpiry";

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

declare global {
  interface Window {
    __TJC_CONFIG__?: {
      systemBase?: string;
      mainBase?: string;
      staticBase?: string;
    };
  }
}

/** The main service's base, resolved exactly as the /tjc client resolves it. */
function mainBase(): string {
  return resolveBase("main");
}

/**
 * Uploads an image to POST /tjc/files/images (multipart, field "file") with the session's
 * token and language, and answers the stored file's URL. Fails with the server's
 * (localised) message. A renewed token in the answer's Authorization header is kept, as
 * the admin's /tjc client does.
 */
export async function uploadImageToServer(file: File): Promise<string> {
  const body = new FormData();
  body.append("file", file, file.name);
  const headers: Record<string, string> = {
    "Accept-Language": localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? "zh-CN",
  };
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${mainBase()}/files/images`, {
    method: "POST",
    body,
    headers,
    credentials: "include",
  });
  const renewed = response.headers.get("Authorization");
  if (renewed)
    localStorage.setItem(TOKEN_STORAGE_KEY, renewed.replace(/^Bearer\s+/i, ""));
  let envelope: Envelope<{ url?: string }>;
  try {
    envelope = (await response.json()) as Envelope<{ url?: string }>;
  } catch {
    throw new Error(`HTTP ${response.status}`);
  }
  if (envelope.code === Code.SESSION_EXPIRED) {
    void expireSession(envelope.message);
    throw new Error(envelope.message);
  }
  if (envelope.code !== 0 || !envelope.data?.url)
    throw new Error(envelope.message || `HTTP ${response.status}`);
  return envelope.data.url;
}
