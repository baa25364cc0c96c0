/** The park's photos: the uploaded originals and their responsive sizes, in the database (decision 032). */
import { customType, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One uploaded photo: the original as sent (never served), its alt text and place in the order. */
export const parkPhotos = pgTable("park_photos", {
  id: serial("id").primaryKey(),
  alt: text("alt").notNull(),
  /** Ascending; ties (two uploads at once) fall back to the id. */
  sortOrder: integer("sort_order").notNull(),
  /** The first 16 hex digits of the original's SHA-256: part of every public address of its sizes. */
  hash: text("hash").notNull(),
  /** Upright (after the camera's EXIF rotation), in pixels. */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  originalType: text("original_type").notNull(),
  original: bytea("original").notNull(),
  createdAt: createdAt(),
});

/** A photo's generated sizes, one row per width and format; served at /api/v2/photos/… */
export const parkPhotoSizes = pgTable(
  "park_photo_sizes",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => parkPhotos.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(), // "avif" | "webp"
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.width, t.format] })],
);
