import type { ParkPhoto, PhotoList } from "../../domain/photos.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { photoRepository } from "./repository.js";
import { makePhotoSizes, type PhotoFormat } from "./sizes.js";

/**
 * The park's photos (decision 032): originals and their sizes live in PostgreSQL, so every server on
 * one database serves the same ones. A size's address has the original's content hash in it, so it
 * never changes and is cached for a year.
 */

export const photoUrl = (id: number, hash: string, width: number, format: string) =>
  `/api/v2/photos/${id}/${hash}/${width}.${format}`;

/** The photos in order, without their bytes. */
export async function listPhotos(db: Db): Promise<PhotoList> {
  const photos = photoRepository(db);
  const rows = await photos.list();
  if (rows.length === 0) return { photos: [] };
  const sizes = await photos.sizesOf(rows.map((r) => r.id));
  return {
    photos: rows.map((r): ParkPhoto => ({
      id: r.id,
      alt: r.alt,
      width: r.width,
      height: r.height,
      sizes: sizes
        .filter((s) => s.photoId === r.id)
        .map((s) => ({
          format: s.format as PhotoFormat,
          width: s.width,
          height: s.height,
          url: photoUrl(r.id, r.hash, s.width, s.format),
        })),
    })),
  };
}

/** One size's bytes, or null when the photo is gone or the address is not its current one. */
export async function photoSizeData(
  db: Db,
  key: { id: number; hash: string; width: number; format: PhotoFormat },
): Promise<Buffer | null> {
  return photoRepository(db).sizeData(key);
}

/** Makes the sizes first (no transaction open meanwhile), then stores all at the end of the order. */
export async function addPhoto(
  ctx: AppContext,
  actor: AdminActor,
  input: { alt: string; original: Buffer },
): Promise<ParkPhoto> {
  const made = await makePhotoSizes(input.original);
  const id = await ctx.db.transaction(async (tx) => {
    const photos = photoRepository(tx);
    const row = await photos.insertLast({
      alt: input.alt,
      hash: made.hash,
      width: made.width,
      height: made.height,
      originalType: made.originalType,
      original: input.original,
    });
    await photos.insertSizes(made.sizes.map((s) => ({ photoId: row.id, ...s })));
    await recordAudit(tx, actor, {
      action: "photo.upload",
      entity: "photo",
      entityId: row.id,
      after: {
        alt: input.alt,
        width: made.width,
        height: made.height,
        bytes: input.original.length,
        sortOrder: row.sortOrder,
      },
    });
    return row.id;
  });
  const { photos } = await listPhotos(ctx.db);
  return photos.find((p) => p.id === id)!;
}

export async function deletePhoto(ctx: AppContext, actor: AdminActor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const gone = await photoRepository(tx).delete(id);
    if (!gone) throw notFound("Kuvaa ei löydy.");
    await recordAudit(tx, actor, { action: "photo.delete", entity: "photo", entityId: id, before: gone });
  });
}

/** Puts the photos in the given order; the list must name each photo once. */
export async function reorderPhotos(ctx: AppContext, actor: AdminActor, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const photos = photoRepository(tx);
    const before = await photos.lockOrder();
    const same = new Set(ids).size === ids.length && ids.length === before.length;
    if (!same || !ids.every((id) => before.includes(id)))
      throw conflict("Kuvat ovat muuttuneet välillä: lataa sivu uudelleen ja järjestä uudelleen.");
    for (const [index, id] of ids.entries()) await photos.setSortOrder(id, index + 1);
    await recordAudit(tx, actor, { action: "photo.reorder", entity: "photo", before, after: ids });
  });
}
