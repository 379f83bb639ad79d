import { Box, Link, Stack, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import type { MediaFile } from "../../common/schemas/file";
import { formatBytes, formatDuration } from "./format";

/** A file as a person checks it: the image, a player, or a link to the document. */
export function MediaPreview({ file }: { file: MediaFile }) {
  const translate = useTranslate();
  const details = [
    formatBytes(file.size),
    file.width && file.height ? `${file.width}×${file.height}` : null,
    file.durationSec !== null
      ? translate("media.duration", {
          duration: formatDuration(file.durationSec),
        })
      : null,
  ].filter(Boolean);
  return (
    <Stack spacing={1} data-testid="media-preview">
      {file.kind === "image" ? (
        <Box
          component="img"
          src={file.url}
          alt={file.originalName}
          sx={{ maxWidth: 320, maxHeight: 200, objectFit: "contain" }}
        />
      ) : null}
      {file.kind === "audio" ? (
        <audio controls preload="metadata" src={file.url}>
          <track kind="captions" />
        </audio>
      ) : null}
      {file.kind === "video" ? (
        <Box
          component="video"
          controls
          preload="metadata"
          src={file.url}
          sx={{ maxWidth: 480 }}
        />
      ) : null}
      {file.kind === "document" ? (
        <Link
          href={file.url}
          target="_blank"
          rel="noopener"
          {...(file.mime === "application/pdf"
            ? {}
            : { download: file.originalName })}
        >
          {translate(
            file.mime === "application/pdf"
              ? "media.open_document"
              : "media.download",
          )}
        </Link>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {file.originalName} · {details.join(" · ")}
      </Typography>
    </Stack>
  );
}
