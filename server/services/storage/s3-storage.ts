import fs from "node:fs";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type FileStorage } from "./storage.js";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** A prefix for every key, so one bucket can hold several installs. */
  prefix: string;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" ||
      error.name === "NotFound" ||
      error.$metadata?.httpStatusCode === 404)
  );
}

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Aliyun OSS…). */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Many S3-compatible servers reject the checksums newer SDKs send by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${settings.prefix}${key}`;
  };
  return {
    kind: "s3",
    async putFile(key, localPath, mime, size) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: fs.createReadStream(localPath),
          ContentLength: size,
          ContentType: mime,
        }),
      );
      await fs.promises.rm(localPath, { force: true });
    },
    async read(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = answer.ContentRange
          ? Number(answer.ContentRange.split("/")[1])
          : Number(answer.ContentLength);
        return { stream: answer.Body as Readable, size: total };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async size(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket, Key: objectKey(key) }),
        );
        return Number(head.ContentLength);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(
        new DeleteObjectCommand({ Bucket, Key: objectKey(key) }),
      );
    },
  };
}
