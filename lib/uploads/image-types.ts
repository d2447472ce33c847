/** The image formats an upload may be, recognised by their first bytes (never by name or declared type). */
export type ImageType = {
  extension: "png" | "jpg" | "gif" | "webp";
  contentType: string;
};

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

export const IMAGE_TYPES: readonly ImageType[] = [
  { extension: "png", contentType: "image/png" },
  { extension: "jpg", contentType: "image/jpeg" },
  { extension: "gif", contentType: "image/gif" },
  { extension: "webp", contentType: "image/webp" },
];

const byExtension = (extension: ImageType["extension"]) =>
  IMAGE_TYPES.find((type) => type.extension === extension) as ImageType;

/** The image type of a file's content, or null: PNG, JPEG, GIF and WebP only (no SVG: it is a document). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return byExtension("png");
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return byExtension("jpg");
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")))
    return byExtension("gif");
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return byExtension("webp");
  return null;
}

/** The type of a stored upload, from the extension its name was given at upload. */
export function imageTypeOfExtension(extension: string): ImageType | null {
  return IMAGE_TYPES.find((type) => type.extension === extension) ?? null;
}
