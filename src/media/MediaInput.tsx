import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import {
  FieldTitle,
  useInput,
  useResourceContext,
  useTranslate,
  type InputProps,
} from "react-admin";
import {
  MEDIA_FORMATS,
  MEDIA_SIZE_LIMITS,
  type MediaKind,
} from "../../common/media-rules";
import type { MediaFile } from "../../common/schemas/file";
import { acceptFor, formatBytes } from "./format";
import { LibraryDialog } from "./LibraryDialog";
import { MediaPreview } from "./MediaPreview";
import { useMediaApi } from "./mediaApi";

/** The browser's own type for a file of this kind, when it names one; the server sniffs. */
function looksLikeKind(file: File, kind: MediaKind): boolean {
  if (!file.type) return true;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return (
    Object.values(MEDIA_FORMATS).some(
      (format) => format.kind === kind && format.mime === file.type,
    ) ||
    MEDIA_FORMATS[extension]?.kind === kind ||
    file.type.startsWith(`${kind}/`)
  );
}

/**
 * The form's error for the input, in the app's language: a plain key, or the
 * `{ message, args }` object schemaForm's validation gives (docs/admin.md § Forms).
 */
function formError(
  error: unknown,
  translate: (key: string, args?: Record<string, unknown>) => string,
): string | null {
  if (typeof error === "string" && error) return translate(error);
  if (error && typeof error === "object" && "message" in error) {
    const { message, args } = error as {
      message: string;
      args?: Record<string, unknown>;
    };
    return translate(message, args);
  }
  return null;
}

export type MediaInputProps = Omit<InputProps, "source"> & {
  source: string;
  kind: MediaKind;
};

/**
 * One media input for every form: a file id, set by dropping or picking a file (uploaded
 * to the media library with a progress bar) or by choosing one already in the library;
 * the chosen file is previewed (image, player, document link).
 */
export function MediaInput({
  kind,
  label,
  helperText,
  ...props
}: MediaInputProps) {
  const translate = useTranslate();
  const api = useMediaApi();
  const resource = useResourceContext(props);
  // The drop zone is a group named by its label (issue 25 item 19: the sermon form's
  // audio, video and cover zones had none); no label prop reads the field's name.
  const labelId = useId();
  const { field, fieldState, isRequired } = useInput(props);
  const value = field.value as number | null | undefined;
  const [file, setFile] = useState<MediaFile | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // The record's file, read once per id (a fresh upload or choice is already known).
  useEffect(() => {
    if (!value) {
      setFile(null);
      return;
    }
    if (file?.id === value) return;
    let current = true;
    api.get(value).then(
      (found) => current && setFile(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, value, file?.id]);

  const kindName = translate(`media.kind.${kind}`);
  const { send, progress, error, setError, cancel } = useUpload(
    kind,
    kindName,
    (chosen) => take(chosen),
  );
  const take = (chosen: MediaFile) => {
    setFile(chosen);
    setError(null);
    field.onChange(chosen.id);
    field.onBlur();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void send(dropped);
  };

  const shownError =
    error ?? formError(fieldState.error?.message as unknown, translate);
  return (
    <Box sx={{ mb: 2, width: "100%" }}>
      {label !== false ? (
        <MediaLabel
          id={labelId}
          label={label}
          source={props.source}
          resource={resource}
          required={isRequired}
        />
      ) : null}
      <Box
        role="group"
        aria-labelledby={label !== false ? labelId : undefined}
        data-testid={`media-drop-${props.source}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 1,
          borderStyle: "dashed",
          borderColor: dragging ? "primary.main" : "divider",
          borderRadius: 1,
          p: 2,
        }}
      >
        <Stack spacing={1}>
          {file && value ? <MediaPreview file={file} /> : null}
          <MediaActions
            kindName={kindName}
            busy={progress !== null}
            hasValue={Boolean(value)}
            onPick={() => picker.current?.click()}
            onLibrary={() => setLibraryOpen(true)}
            onRemove={() => {
              setFile(null);
              field.onChange(null);
            }}
          />
          <input
            ref={picker}
            type="file"
            hidden
            accept={acceptFor(kind)}
            data-testid={`media-file-${props.source}`}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = "";
              if (picked) void send(picked);
            }}
          />
          {progress !== null ? (
            <UploadProgress progress={progress} onCancel={cancel} />
          ) : null}
          {shownError ? <Alert severity="error">{shownError}</Alert> : null}
        </Stack>
      </Box>
      {helperText ? (
        <FormHelperText>
          {typeof helperText === "string"
            ? translate(helperText, { _: helperText })
            : helperText}
        </FormHelperText>
      ) : null}
      <LibraryDialog
        kind={kind}
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onChoose={(chosen) => {
          setLibraryOpen(false);
          take(chosen);
        }}
      />
    </Box>
  );
}

/** The field's label: the one given, or the field's name in the resource's messages. */
function MediaLabel({
  id,
  label,
  source,
  resource,
  required,
}: {
  id: string;
  label: MediaInputProps["label"];
  source: string;
  resource?: string;
  required?: boolean;
}) {
  const translate = useTranslate();
  return (
    <FormLabel id={id} required={required} sx={{ display: "block", mb: 0.5 }}>
      {label === undefined || label === false ? (
        <FieldTitle source={source} resource={resource} />
      ) : typeof label === "string" ? (
        translate(label, { _: label })
      ) : (
        label
      )}
    </FormLabel>
  );
}

/** Uploading: the bar, the percentage and the cancel button. */
function UploadProgress({
  progress,
  onCancel,
}: {
  progress: number;
  onCancel(): void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5}>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={translate("media.uploading", { percent: progress })}
      />
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="caption">
          {translate("media.uploading", { percent: progress })}
        </Typography>
        <Button size="small" onClick={onCancel}>
          {translate("media.cancel_upload")}
        </Button>
      </Stack>
    </Stack>
  );
}

/** What can be done in the drop zone: pick a file, choose from the library, remove. */
function MediaActions({
  kindName,
  busy,
  hasValue,
  onPick,
  onLibrary,
  onRemove,
}: {
  kindName: string;
  busy: boolean;
  hasValue: boolean;
  onPick(): void;
  onLibrary(): void;
  onRemove(): void;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
      <Typography variant="body2">
        {translate("media.drop_here", { kind: kindName })}
      </Typography>
      <Button size="small" variant="outlined" onClick={onPick} disabled={busy}>
        {translate("media.pick")}
      </Button>
      <Button size="small" onClick={onLibrary} disabled={busy}>
        {translate("media.choose_from_library")}
      </Button>
      {hasValue ? (
        <Button size="small" color="error" onClick={onRemove}>
          {translate("media.remove")}
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * Sending a picked or dropped file to the media library: its kind and size checked first,
 * then uploaded with its progress, cancellable; `onStored` gets the stored file.
 */
function useUpload(
  kind: MediaKind,
  kindName: string,
  onStored: (stored: MediaFile) => void,
) {
  const translate = useTranslate();
  const api = useMediaApi();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const send = async (picked: File) => {
    setError(null);
    if (!looksLikeKind(picked, kind)) {
      setError(translate("media.wrong_kind", { kind: kindName }));
      return;
    }
    if (picked.size > MEDIA_SIZE_LIMITS[kind]) {
      setError(
        translate("media.too_large", {
          kind: kindName,
          limit: formatBytes(MEDIA_SIZE_LIMITS[kind]),
        }),
      );
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const stored = await api.upload(
        picked,
        (loaded, total) =>
          setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
        controller.signal,
      );
      if (stored.kind !== kind) {
        setError(translate("media.wrong_kind", { kind: kindName }));
        return;
      }
      onStored(stored);
    } catch (failure) {
      if ((failure as Error).name !== "AbortError")
        setError((failure as Error).message);
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  return {
    send,
    progress,
    error,
    setError,
    cancel: () => upload.current?.abort(),
  };
}
