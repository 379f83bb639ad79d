import { createContext, useContext } from "react";
import type { MediaFile } from "../../common/schemas/file";
import type { MediaKind } from "../../common/media-rules";
import { mainClient } from "../http";
import { uploadFile } from "../http/uploadFile";

/** What the media inputs ask of the server; tests give their own. */
export interface MediaApi {
  get(id: number): Promise<MediaFile>;
  /** The newest files of a kind, optionally matching a keyword. */
  list(query: { kind?: MediaKind; q?: string }): Promise<MediaFile[]>;
  upload(
    file: File,
    onProgress: (loaded: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<MediaFile>;
}

/** Files shown at once in "choose from the library". */
export const LIBRARY_PAGE_SIZE = 24;

export const httpMediaApi: MediaApi = {
  async get(id) {
    return (
      await mainClient.get<MediaFile>(`/files/${id}`, {}, { loading: false })
    ).data;
  },
  async list({ kind, q }) {
    const filter: Record<string, string> = {};
    if (kind) filter.kind = kind;
    if (q) filter.q = q;
    const answer = await mainClient.get<{ list: MediaFile[] }>(
      "/files",
      {
        filter: JSON.stringify(filter),
        sort: JSON.stringify(["createdAt", "DESC"]),
        range: JSON.stringify([0, LIBRARY_PAGE_SIZE - 1]),
      },
      { loading: false },
    );
    return answer.data.list;
  },
  upload(file, onProgress, signal) {
    return uploadFile<MediaFile>("/files", file, { onProgress, signal });
  },
};

const MediaApiContext = createContext<MediaApi>(httpMediaApi);
export const MediaApiProvider = MediaApiContext.Provider;
export const useMediaApi = () => useContext(MediaApiContext);
