import { useEffect, useState } from "react";
import { Box, Link, Typography } from "@mui/material";
import { useRecordContext, useTranslate } from "react-admin";
import type { MediaFile } from "../../../common/schemas/file";
import { MediaPreview } from "../../media/MediaPreview";
import { useMediaApi } from "../../media/mediaApi";

/** The player page of a YouTube or Bilibili link, for an iframe; null for other links. */
export function embedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  if (host === "youtu.be")
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.pathname.slice(1))}`;
  if (host === "youtube.com") {
    const id = url.searchParams.get("v");
    return id
      ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`
      : null;
  }
  if (host === "player.bilibili.com") return link;
  if (host === "bilibili.com") {
    const bvid = /\/video\/(BV\w+)/.exec(url.pathname)?.[1];
    return bvid
      ? `https://player.bilibili.com/player.html?bvid=${bvid}&autoplay=0`
      : null;
  }
  return null;
}

/** A video link played in place: an embedded player, an mp4 in a video element, else a link. */
export function LinkPlayer({ link, title }: { link: string; title: string }) {
  const translate = useTranslate();
  const embed = embedUrl(link);
  if (embed)
    return (
      <Box
        component="iframe"
        src={embed}
        title={title}
        allow="encrypted-media; picture-in-picture; fullscreen"
        sx={{ border: 0, width: "100%", maxWidth: 480, aspectRatio: "16 / 9" }}
      />
    );
  if (/\.mp4$/i.test(new URL(link).pathname))
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        src={link}
        sx={{ maxWidth: 480 }}
      />
    );
  return (
    <Link href={link} target="_blank" rel="noopener noreferrer">
      {translate("content.open_link")}
    </Link>
  );
}

/** One library file played or opened in place (audio, video, PDF), read by id. */
export function FilePreview({ id }: { id: number }) {
  const api = useMediaApi();
  const translate = useTranslate();
  const [file, setFile] = useState<MediaFile | null | "missing">(null);
  useEffect(() => {
    let current = true;
    api.get(id).then(
      (found) => current && setFile(found),
      () => current && setFile("missing"),
    );
    return () => {
      current = false;
    };
  }, [api, id]);
  if (file === "missing")
    return (
      <Typography color="text.secondary">
        {translate("content.file_missing")}
      </Typography>
    );
  return file ? <MediaPreview file={file} /> : null;
}

/**
 * A list row's expanded panel: its file played or opened in place, or its video link.
 * `fileField` names the record's file column.
 */
export function RowPlayer({ fileField }: { fileField: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  if (!record) return null;
  const fileId = record[fileField] as number | null | undefined;
  const link = record.videoUrl as string | null | undefined;
  return (
    <Box sx={{ py: 1 }}>
      {fileId ? (
        <FilePreview id={fileId} />
      ) : link ? (
        <LinkPlayer link={link} title={String(record.title ?? "")} />
      ) : null}
    </Box>
  );
}
