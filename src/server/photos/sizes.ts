import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { badRequest } from "../errors.js";

/** The widths made of every photo (a narrower original gets only its own width); decision 032. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** What sharp reads: a phone's JPEG, PNG, WebP, and HEIC/AVIF where libvips can decode it. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif"]);
/** A decompression bomb (a tiny file of a huge image) is refused before it is decoded. */
const MAX_PIXELS = 100_000_000;

export type MadePhoto = {
  hash: string;
  width: number;
  height: number;
  originalType: string;
  sizes: Array<{ width: number; height: number; format: PhotoFormat; data: Buffer }>;
};

export const NOT_AN_IMAGE = "Tiedosto ei ole kuva, jonka voi lukea: lähetä JPEG-, PNG- tai WebP-kuva.";

/**
 * Reads an upload and makes its sizes in AVIF and WebP, upright (the camera's EXIF rotation applied)
 * and without metadata (no place or camera details leave the server). CPU work on libuv's threads:
 * the caller runs it before opening any transaction.
 */
export async function makePhotoSizes(original: Buffer): Promise<MadePhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(original, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    throw badRequest(NOT_AN_IMAGE);
  // EXIF orientations 5–8 are a quarter turn: the upright image has width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  if (widths.length < PHOTO_WIDTHS.length) widths.push(Math.min(width, PHOTO_WIDTHS.at(-1)!));

  const sizes: MadePhoto["sizes"] = [];
  try {
    for (const w of widths) {
      const resized = sharp(original, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: w });
      const [avif, webp] = await Promise.all([
        resized.clone().avif({ quality: 50, effort: 2 }).toBuffer({ resolveWithObject: true }),
        resized.clone().webp({ quality: 78 }).toBuffer({ resolveWithObject: true }),
      ]);
      for (const [format, out] of [
        ["avif", avif],
        ["webp", webp],
      ] as const)
        sizes.push({ width: out.info.width, height: out.info.height, format, data: out.data });
    }
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  return {
    hash: createHash("sha256").update(original).digest("hex").slice(0, 16),
    width,
    height,
    originalType: meta.format === "heif" ? "image/heif" : `image/${meta.format}`,
    sizes,
  };
}
