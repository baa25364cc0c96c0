import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { fromPromise } from "xstate";
import { http } from "../../client/http";
import { parseAnswer } from "../../client/parseAnswer";
import type { ParkPhoto, PhotoSize } from "../../domain/photos";
import "./parkPhotos.css";

/** `480w` descriptors of one format's sizes, smallest first, for a `<source>`'s or `<img>`'s srcset. */
export function srcsetOf(photo: ParkPhoto, format: PhotoSize["format"]): string {
  return photo.sizes
    .filter((s) => s.format === format)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(", ");
}

// The list's schema loads beside the answer, not in the page's first JavaScript (decision 023).
const photosLogic = fromPromise(() =>
  parseAnswer(import("../../domain/photos"), http.get("/api/v2/photos"), (m, data) =>
    m.photoListSchema.parse(data),
  ),
);

/**
 * One photo in AVIF with WebP for the rest, its own width and height set so the page does not move
 * when it arrives. Only the first photo of the home page (its largest paint) is fetched at once.
 */
function Photo({ photo, sizes, first }: { photo: ParkPhoto; sizes: string; first: boolean }) {
  const webp = photo.sizes.filter((s) => s.format === "webp");
  const fallback = webp.find((s) => s.width >= 960) ?? webp.at(-1);
  return (
    <picture>
      <source type="image/avif" srcSet={srcsetOf(photo, "avif")} sizes={sizes} />
      <img
        src={fallback?.url}
        srcSet={srcsetOf(photo, "webp")}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={first ? "eager" : "lazy"}
        decoding="async"
        {...(first ? { fetchPriority: "high" as const } : {})}
      />
    </picture>
  );
}

/**
 * The park's photos in the owner's order (hallintapaneeli): the first large, the rest in a strip.
 * `priority`: the first is the page's largest paint (the home page's hero), fetched at once;
 * elsewhere every photo waits until it is near the screen. Until photos load, and when there are
 * none, `fallback` shows (the drawn park).
 */
export function ParkPhotos({
  priority = false,
  fallback = null,
}: {
  priority?: boolean;
  fallback?: ReactNode;
}) {
  const actor = useActorRef(photosLogic);
  const photos = useSelector(actor, (s) => (s.status === "done" ? s.output.photos : null));
  if (!photos || photos.length === 0) return <>{fallback}</>;
  const [main, ...rest] = photos;
  return (
    <div className="park-photos">
      <figure className="park-photo-main">
        <Photo photo={main!} sizes="(min-width: 60rem) 50vw, 100vw" first={priority} />
      </figure>
      {rest.length > 0 && (
        <ul className="park-photo-strip" aria-label="Lisää kuvia puistosta">
          {rest.map((photo) => (
            <li key={photo.id}>
              <Photo photo={photo} sizes="(min-width: 60rem) 16vw, 33vw" first={false} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
