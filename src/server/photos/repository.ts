import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { parkPhotoSizes, parkPhotos } from "../schema/index.js";

/**
 * The park photos' queries (decision 037): park_photos (the originals, in their order) and
 * park_photo_sizes (each one's sizes). Takes the database or the caller's transaction.
 */

export type NewParkPhoto = typeof parkPhotos.$inferInsert;
export type NewParkPhotoSize = typeof parkPhotoSizes.$inferInsert;

export function photoRepository(db: DbOrTx) {
  return {
    /** The photos in order, without their bytes. */
    list: () =>
      db
        .select({
          id: parkPhotos.id,
          alt: parkPhotos.alt,
          hash: parkPhotos.hash,
          width: parkPhotos.width,
          height: parkPhotos.height,
        })
        .from(parkPhotos)
        .orderBy(asc(parkPhotos.sortOrder), asc(parkPhotos.id)),

    /** These photos' sizes, without their bytes, by photo, width and format. */
    sizesOf: (photoIds: number[]) =>
      db
        .select({
          photoId: parkPhotoSizes.photoId,
          width: parkPhotoSizes.width,
          height: parkPhotoSizes.height,
          format: parkPhotoSizes.format,
        })
        .from(parkPhotoSizes)
        .where(inArray(parkPhotoSizes.photoId, photoIds))
        .orderBy(asc(parkPhotoSizes.photoId), asc(parkPhotoSizes.width), asc(parkPhotoSizes.format)),

    /** One size's bytes, only if the photo's hash is the one in the address. */
    async sizeData(key: { id: number; hash: string; width: number; format: string }): Promise<Buffer | null> {
      const [row] = await db
        .select({ data: parkPhotoSizes.data })
        .from(parkPhotoSizes)
        .innerJoin(parkPhotos, eq(parkPhotos.id, parkPhotoSizes.photoId))
        .where(
          and(
            eq(parkPhotoSizes.photoId, key.id),
            eq(parkPhotos.hash, key.hash),
            eq(parkPhotoSizes.width, key.width),
            eq(parkPhotoSizes.format, key.format),
          ),
        );
      return row?.data ?? null;
    },

    /** A photo at the end of the order (its sort order one past the largest); its id and place. */
    async insertLast(values: Omit<NewParkPhoto, "sortOrder">): Promise<{ id: number; sortOrder: number }> {
      const [row] = await db
        .insert(parkPhotos)
        .values({ ...values, sortOrder: sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM park_photos)` })
        .returning({ id: parkPhotos.id, sortOrder: parkPhotos.sortOrder });
      return row!;
    },

    async insertSizes(sizes: NewParkPhotoSize[]): Promise<void> {
      await db.insert(parkPhotoSizes).values(sizes);
    },

    /** Deletes the photo (its sizes by ON DELETE CASCADE): what it was, or undefined when not there. */
    async delete(id: number) {
      const [gone] = await db
        .delete(parkPhotos)
        .where(eq(parkPhotos.id, id))
        .returning({ alt: parkPhotos.alt, sortOrder: parkPhotos.sortOrder });
      return gone;
    },

    /** Every photo's id in order, locked for the rest of the transaction. */
    async lockOrder(): Promise<number[]> {
      const rows = await db
        .select({ id: parkPhotos.id })
        .from(parkPhotos)
        .orderBy(asc(parkPhotos.sortOrder), asc(parkPhotos.id))
        .for("update");
      return rows.map((r) => r.id);
    },

    async setSortOrder(id: number, sortOrder: number): Promise<void> {
      await db.update(parkPhotos).set({ sortOrder }).where(eq(parkPhotos.id, id));
    },
  };
}
