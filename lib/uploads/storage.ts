import "server-only";
import {
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { randomToken } from "@/lib/crypto/secrets";
import {
  type ImageType,
  imageTypeOfExtension,
} from "@/lib/uploads/image-types";
// Exactly the names storeUpload gives: nothing else (no dots, slashes or traversal) is ever read.
import { UPLOAD_NAME } from "@/lib/uploads/upload-uri";

/** Where uploaded files live (docs/contract.md ("Runtime"): DATA_DIR holds uploaded files). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** Writes the bytes under a new random name with the detected type's extension; returns the name. */
export async function storeUpload(
  dataDir: string,
  bytes: Uint8Array,
  type: ImageType,
): Promise<string> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomToken(24)}.${type.extension}`;
  // `wx`: never overwrite, even in the impossible case of a name collision.
  await writeFile(path.join(dir, name), bytes, { flag: "wx", mode: 0o644 });
  return name;
}

/** A stored upload and its type, or null for an invalid name or a missing file. */
export async function readUpload(
  dataDir: string,
  name: string,
): Promise<{ bytes: Uint8Array; type: ImageType } | null> {
  const match = UPLOAD_NAME.exec(name);
  const type = match?.[2] ? imageTypeOfExtension(match[2]) : null;
  if (!type) return null;
  try {
    return {
      bytes: await readFile(path.join(uploadsDir(dataDir), name)),
      type,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Deletes a stored upload (nothing for an invalid name; a missing file is already deleted). */
export async function removeUpload(
  dataDir: string,
  name: string,
): Promise<void> {
  if (!UPLOAD_NAME.test(name)) return;
  await rm(path.join(uploadsDir(dataDir), name), { force: true });
}

/** Every stored upload (names storeUpload gives only) and when it was written. */
export async function listUploads(
  dataDir: string,
): Promise<{ name: string; modifiedAt: Date }[]> {
  let names: string[];
  try {
    names = (await readdir(uploadsDir(dataDir))).filter((name) =>
      UPLOAD_NAME.test(name),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const listed = await Promise.all(
    names.map(async (name) => {
      const stats = await stat(path.join(uploadsDir(dataDir), name)).catch(
        () => null,
      );
      return stats ? { name, modifiedAt: stats.mtime } : null;
    }),
  );
  return listed.filter((entry) => entry !== null);
}
