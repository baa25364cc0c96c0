import { useSelector } from "@xstate/react";
import type { AdminSectionActor } from "./useAdminSection";

/** A section's load and write status: loading, why it failed (with a retry), the last write's notice. */
export function SectionStatus<Q, D, C>({ actor }: { actor: AdminSectionActor<Q, D, C> }) {
  const loading = useSelector(actor, (s) => s.matches("loading"));
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"));
  const writing = useSelector(actor, (s) => s.matches({ ready: "writing" }));
  const writeFailed = useSelector(actor, (s) => s.matches({ ready: "writeFailed" }));
  const failure = useSelector(actor, (s) => s.context.failure);
  const notice = useSelector(actor, (s) => s.context.notice);
  const idle = useSelector(actor, (s) => s.matches({ ready: "idle" }));
  return (
    <div className="admin-status">
      {loading && (
        <p className="muted" role="status">
          Ladataan…
        </p>
      )}
      {writing && (
        <p className="muted" role="status">
          Tallennetaan…
        </p>
      )}
      {loadFailed && (
        <div className="error-message" role="alert">
          <p>{failure?.message}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => actor.send({ type: "section.retry" })}
          >
            Yritä uudelleen
          </button>
        </div>
      )}
      {writeFailed && (
        <p className="error-message" role="alert">
          {failure?.message}{" "}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => actor.send({ type: "section.dismiss" })}
          >
            Sulje
          </button>
        </p>
      )}
      {notice && !writing && (
        <p className="notice notice-success" role="status">
          {notice}{" "}
          {idle && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: "section.dismiss" })}
            >
              Selvä
            </button>
          )}
        </p>
      )}
    </div>
  );
}
