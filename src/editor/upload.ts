import { uploadFile } from "../http/uploadFile";

/**
 * Uploads an image to POST /tjc/files/images, which keeps it in the media library (the
 * same path every upload takes), and answers its URL. Fails with the server's
 * (localised) message.
 */
export async function uploadImageToServer(file: File): Promise<string> {
  const data = await uploadFile<{ url?: string }>("/files/images", file);
  if (!data?.url) throw new Error("no url");
  return data.url;
}
