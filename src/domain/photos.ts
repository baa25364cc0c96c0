import * as z from "zod/mini";

/** The largest photo the admin may upload (an original straight from a phone camera fits). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Alt text: required, short enough for a screen reader to read out. */
export const MAX_ALT_LENGTH = 300;

/**
 * GET /api/v2/photos: the park's photos in the owner's order, each with its generated sizes
 * (zod/mini, as the public pages parse it). Every size's `url` has the photo's content hash in it
 * and never changes: it is cached for a year.
 */
export const photoSizeSchema = z.object({
  format: z.enum(["avif", "webp"]),
  width: z.number(),
  height: z.number(),
  url: z.string(),
});
export const parkPhotoSchema = z.object({
  id: z.number(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  sizes: z.array(photoSizeSchema),
});
export const photoListSchema = z.object({ photos: z.array(parkPhotoSchema) });

export type PhotoSize = z.infer<typeof photoSizeSchema>;
export type ParkPhoto = z.infer<typeof parkPhotoSchema>;
export type PhotoList = z.infer<typeof photoListSchema>;
