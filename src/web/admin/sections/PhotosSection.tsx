import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";
import type { PhotoList } from "../../../domain/photos";
import { srcsetOf } from "../../components/ParkPhotos";
import { useAdminEnvironment } from "../AdminSession";
import { SectionStatus } from "../SectionStatus";
import { isAsked, useAdminSection, useSectionQuestion } from "../useAdminSection";
import { photosApi, type PhotoCommand } from "./photosApi";

/** The ids with the one at `index` swapped with its neighbour `by` places away. */
const moved = (ids: number[], index: number, by: -1 | 1) => {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
};

/** Hallintapaneeli's park photos (decision 032): upload with alt text, order, delete. */
export function PhotosSection() {
  const { http } = useAdminEnvironment();
  const [api] = useState(() => photosApi(http));
  const actor = useAdminSection<null, PhotoList, PhotoCommand>({
    query: null,
    load: () => api.load(),
    write: (c) => api.write(c),
  });
  const photos = useSelector(actor, (s) => s.context.data?.photos);
  const canWrite = useSelector(actor, acceptsWrite);
  const write = (command: PhotoCommand) => actor.send({ type: "section.write", command });

  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("photo") as HTMLInputElement).files?.[0] ?? null;
    const alt = (form.elements.namedItem("alt") as HTMLInputElement).value;
    write({ kind: "upload", file, alt });
  };
  const ids = photos?.map((p) => p.id) ?? [];
  // A delete waits for a yes: the section machine's question.
  const question = useSectionQuestion(actor);

  return (
    <section className="card admin-section" aria-labelledby="photos-heading">
      <h2 id="photos-heading">Puiston kuvat</h2>
      <p className="muted">
        Näkyvät etusivulla ja tulijoiden ohjeissa järjestyksessä; ensimmäinen on etusivun pääkuva. JPEG, PNG
        tai WebP, enintään 15 Mt.
      </p>
      <SectionStatus actor={actor} />
      <form onSubmit={upload} key={ids.join(",")}>
        <div className="form-field">
          <label htmlFor="photo-file">Kuva</label>
          <input id="photo-file" name="photo" type="file" accept="image/*" />
        </div>
        <div className="form-field">
          <label htmlFor="photo-alt">Kuvaus (mitä kuvassa näkyy, ruudunlukijalle)</label>
          <input id="photo-alt" name="alt" type="text" maxLength={300} />
        </div>
        <button type="submit" className="button button-secondary" disabled={!canWrite}>
          Lisää kuva
        </button>
      </form>
      {photos && photos.length === 0 && <p className="muted">Kuvia ei ole vielä lisätty.</p>}
      {photos && photos.length > 0 && (
        <ol className="plain-list admin-photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="admin-photo">
              <img
                src={photo.sizes.find((s) => s.format === "webp")?.url}
                srcSet={srcsetOf(photo, "webp")}
                sizes="160px"
                width={160}
                height={Math.round((160 * photo.height) / photo.width)}
                alt={photo.alt}
                loading="lazy"
              />
              <span>{photo.alt}</span>
              <span className="button-row">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!canWrite || index === 0}
                  onClick={() => write({ kind: "order", ids: moved(ids, index, -1) })}
                  aria-label={`Siirrä ylemmäs: ${photo.alt}`}
                >
                  Ylemmäs
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!canWrite || index === photos.length - 1}
                  onClick={() => write({ kind: "order", ids: moved(ids, index, 1) })}
                  aria-label={`Siirrä alemmas: ${photo.alt}`}
                >
                  Alemmas
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={!canWrite}
                  onClick={() => question.ask({ kind: "delete", id: photo.id })}
                  aria-label={`Poista kuva: ${photo.alt}`}
                >
                  Poista
                </button>
              </span>
              {isAsked(question, { kind: "delete", id: photo.id }) && (
                <ConfirmButtons
                  action={{ label: "Kyllä, poista kuva", disabled: !canWrite, onClick: question.confirm }}
                  back={{ label: "Ei, säilytä kuva", onClick: question.keep }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
