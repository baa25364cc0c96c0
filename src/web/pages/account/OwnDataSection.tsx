import { useSelector } from "@xstate/react";
import { Link } from "react-router-dom";
import type { ActorRefFrom } from "xstate";
import type { ownDataMachine } from "../../../../machines/ownDataMachine";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { OwnDataView } from "./OwnDataView";

export type OwnDataActor = ActorRefFrom<typeof ownDataMachine>;

/**
 * /oma-tili's own data (the privacy policy's rights): the export to read (as Finnish sections,
 * OwnDataView) or save as a file (the machine-readable JSON), and
 * deleting the account after a confirmation. The account page runs the actor, since a deleted
 * account leaves the page.
 */
export function OwnDataSection({ actor }: { actor: OwnDataActor }) {
  const step = useSelector(actor, (s) =>
    s.matches("confirmingDelete") || s.matches("deleting")
      ? "confirming"
      : s.matches("deleteFailed")
        ? "deleteFailed"
        : "idle",
  );
  const loading = useSelector(actor, (s) => s.matches("loading"));
  const deleting = useSelector(actor, (s) => s.matches("deleting"));
  const data = useSelector(actor, (s) => s.context.data);
  const loadError = useSelector(actor, (s) => (s.matches("loadFailed") ? s.context.errorMessage : null));
  const deleteError = useSelector(actor, (s) => s.context.deleteError);
  const canLoad = useSelector(actor, (s) => s.can({ type: "ownData.load" }));
  const canDelete = useSelector(actor, (s) => s.can({ type: "ownData.delete" }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: "ownData.confirmDelete" }));
  const canKeep = useSelector(actor, (s) => s.can({ type: "ownData.keep" }));
  const json = data === null ? null : JSON.stringify(data, null, 2);
  const confirmDelete = () => actor.send({ type: "ownData.confirmDelete" });
  const keep = () => actor.send({ type: "ownData.keep" });

  return (
    <section className="card account-section" aria-labelledby="own-data-heading">
      <h2 id="own-data-heading">Omat tiedot</h2>
      <p>
        Voit katsoa ja tallentaa tiedot, jotka sinusta on tallennettu, ja poistaa tilisi. Lue lisää{" "}
        <Link to="/tietosuojaseloste">tietosuojaselosteesta</Link>.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={!canLoad}
          onClick={() => actor.send({ type: "ownData.load" })}
        >
          Näytä omat tiedot
        </button>
        {json !== null && (
          <a
            className="button button-secondary"
            download="omat-tiedot.json"
            href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`}
          >
            Tallenna tiedostona (JSON)
          </a>
        )}
      </div>
      {loading && (
        <p className="muted" role="status">
          Haetaan tietoja…
        </p>
      )}
      {loadError && (
        <p className="error-message" role="alert">
          {loadError}
        </p>
      )}
      {data !== null && <OwnDataView data={data} />}

      {/* The destructive step in its own quiet box at the very end of /oma-tili (decision 031). */}
      <div className="danger-zone">
        <h3>Tilin poistaminen</h3>
        {step === "idle" && (
          <button
            type="button"
            className="button button-danger"
            disabled={!canDelete}
            onClick={() => actor.send({ type: "ownData.delete" })}
          >
            Poista tili
          </button>
        )}
        {step === "confirming" && (
          <section className="confirm-box" aria-labelledby="delete-confirm-heading">
            <h4 id="delete-confirm-heading">Poistetaanko tilisi?</h4>
            <p>
              Tilisi ja siihen liittyvät tiedot poistetaan, eikä poistoa voi perua. Sinut kirjataan samalla
              ulos.
            </p>
            {deleting && (
              <p className="muted" role="status">
                Poistetaan tiliä…
              </p>
            )}
            <ConfirmButtons
              action={{ label: "Kyllä, poista tili", onClick: confirmDelete, disabled: !canConfirm }}
              back={{ label: "Ei, säilytä tili", onClick: keep, disabled: !canKeep }}
            />
          </section>
        )}
        {step === "deleteFailed" && (
          <div role="alert">
            <p className="error-message">{deleteError}</p>
            <ConfirmButtons
              action={{ label: "Yritä uudelleen", onClick: confirmDelete, disabled: !canConfirm }}
              back={{ label: "Sulje", onClick: keep, disabled: !canKeep }}
            />
          </div>
        )}
      </div>
    </section>
  );
}
