import { useSelector } from "@xstate/react";
import { useState } from "react";
import {
  discountCodeListSchema,
  discountCodeUsesSchema,
  type AdminDiscountCode,
  type DiscountCodeInput,
  type DiscountCodeList,
  type DiscountCodeUse,
  type DiscountCodeUses,
} from "../../../domain/admin/discountCodes";
import { formatDate, formatDateTime, formatTimeRange } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { centsToEuroText, eurosToCents, field } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

/** Which code's uses are open, if any. */
type CodesQuery = { usesOf: number | null };
type CodesData = { list: DiscountCodeList; uses: DiscountCodeUses | null };
type CodesCommand =
  | { kind: "save"; id: number | null; input: DiscountCodeInput }
  | { kind: "setActive"; id: number; active: boolean };

const useStatusText: Record<DiscountCodeUse["status"], string> = {
  held: "Odottaa maksua",
  used: "Käytetty",
  released: "Palautettu koodille",
};

export const discountText = (c: Pick<AdminDiscountCode, "kind" | "percentOff" | "amountOffCents">) =>
  c.kind === "percent" ? `${c.percentOff} %` : formatEuros(c.amountOffCents ?? 0);

/** "Aina", "pe 29.1.2027 asti", "ma 1.6.2026 alkaen" or "ma 1.6.2026 – ti 30.6.2026". */
const validityText = (c: AdminDiscountCode) => {
  if (c.validFrom && c.validUntil) return `${formatDate(c.validFrom)} – ${formatDate(c.validUntil)}`;
  if (c.validUntil) return `${formatDate(c.validUntil)} asti`;
  if (c.validFrom) return `${formatDate(c.validFrom)} alkaen`;
  return "Aina";
};

/** A number field left blank is null; anything else the server checks (NaN goes as null too). */
const numberOrNull = (text: string) => (text === "" ? null : Number(text.replace(",", ".")));

function inputFrom(form: FormData): DiscountCodeInput {
  const kind = field(form, "kind") === "fixed" ? "fixed" : "percent";
  const amount = field(form, "amount");
  return {
    code: field(form, "code"),
    kind,
    percentOff: kind === "percent" ? numberOrNull(amount) : null,
    amountOffCents: kind === "fixed" ? (amount === "" ? null : eurosToCents(amount)) : null,
    validFrom: field(form, "validFrom") || null,
    validUntil: field(form, "validUntil") || null,
    maxUses: numberOrNull(field(form, "maxUses")),
    description: field(form, "description") || null,
  };
}

/** /hallinta/alennuskoodit: the codes with their uses; create, edit, deactivate and reactivate. */
export function DiscountCodesSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<CodesQuery, CodesData, CodesCommand>({
    query: { usesOf: null },
    load: async ({ usesOf }) => ({
      list: discountCodeListSchema.parse(await http.get("/api/v2/admin/discount-codes")),
      uses:
        usesOf === null
          ? null
          : discountCodeUsesSchema.parse(await http.get(`/api/v2/admin/discount-codes/${usesOf}/uses`)),
    }),
    write: async (command) => {
      const url =
        command.kind === "save"
          ? `/api/v2/admin/discount-codes${command.id === null ? "" : `/${command.id}`}`
          : `/api/v2/admin/discount-codes/${command.id}/${command.active ? "activate" : "deactivate"}`;
      const answer =
        command.kind === "save" && command.id !== null
          ? await http.put<{ message: string }>(url, command.input)
          : await http.post<{ message: string }>(url, command.kind === "save" ? command.input : undefined);
      return answer.message;
    },
  });
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const [editing, setEditing] = useState<number | null>(null);
  const focus = useFocusAfterSave(actor);
  // The list is drawn afresh after a save: focus goes back to the button or form that was used.
  const write = (command: CodesCommand) => {
    focus.aim(command.kind === "setActive" ? `code/${command.id}` : `code-form/${command.id ?? "new"}`);
    actor.send({ type: "section.write", command });
  };
  const showUses = (usesOf: number | null) => actor.send({ type: "section.query", query: { usesOf } });
  const editedCode = data?.list.discountCodes.find((c) => c.id === editing) ?? null;

  return (
    <section className="admin-section" aria-labelledby="codes-heading">
      <h1 id="codes-heading">Alennuskoodit</h1>
      <p className="muted">
        Alennuskoodi alentaa kertavarauksen hintaa. Koodin muutos koskee vain tulevia käyttöjä.
      </p>
      <SectionStatus actor={actor} />
      {data && (
        <div key={JSON.stringify(data.list)}>
          {data.list.discountCodes.length === 0 ? (
            <p>Alennuskoodeja ei ole vielä.</p>
          ) : (
            <table tabIndex={0} className="admin-table" aria-label="Alennuskoodit">
              <thead>
                <tr>
                  <th>Koodi</th>
                  <th>Alennus</th>
                  <th>Voimassa</th>
                  <th>Käytöt</th>
                  <th>Tila</th>
                  <th>Kuvaus</th>
                  <th>
                    <span className="visually-hidden">Toiminnot</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.discountCodes.map((c) => (
                  <tr key={c.id}>
                    <td>{c.code}</td>
                    <td>{discountText(c)}</td>
                    <td>{validityText(c)}</td>
                    <td>{c.maxUses === null ? c.usedCount : `${c.usedCount} / ${c.maxUses}`}</td>
                    <td>{c.active ? "Käytössä" : "Pois käytöstä"}</td>
                    <td>{c.description}</td>
                    <td className="admin-toolbar">
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Muokkaa ${c.code}`}
                        onClick={() => setEditing(c.id)}
                      >
                        Muokkaa
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={!canWrite}
                        aria-label={`${c.active ? "Poista käytöstä" : "Ota käyttöön"} ${c.code}`}
                        data-focus-key={`code/${c.id}`}
                        onClick={() => write({ kind: "setActive", id: c.id, active: !c.active })}
                      >
                        {c.active ? "Poista käytöstä" : "Ota käyttöön"}
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Käytöt ${c.code}`}
                        onClick={() => showUses(c.id)}
                      >
                        Käytöt
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.uses && <UsesPanel uses={data.uses} onClose={() => showUses(null)} />}
          {editedCode && (
            <CodeForm
              code={editedCode}
              canWrite={canWrite}
              onSave={(input) => write({ kind: "save", id: editedCode.id, input })}
              onCancel={() => setEditing(null)}
            />
          )}
          <CodeForm
            code={null}
            canWrite={canWrite}
            onSave={(input) => write({ kind: "save", id: null, input })}
          />
        </div>
      )}
    </section>
  );
}

function CodeForm(props: {
  code: AdminDiscountCode | null;
  canWrite: boolean;
  onSave(input: DiscountCodeInput): void;
  onCancel?(): void;
}) {
  const c = props.code;
  const id = c?.id ?? "new";
  const title = c ? `Muokkaa koodia ${c.code}` : "Uusi alennuskoodi";
  return (
    <section className="card admin-section" aria-labelledby={`code-form-${id}`}>
      <h2 id={`code-form-${id}`}>{title}</h2>
      <form
        className="admin-toolbar"
        aria-label={title}
        data-focus-key={`code-form/${id}`}
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave(inputFrom(new FormData(event.currentTarget)));
        }}
      >
        <div className="form-field">
          <label htmlFor={`code-code-${id}`}>Koodi</label>
          <input id={`code-code-${id}`} name="code" defaultValue={c?.code ?? ""} required />
        </div>
        <div className="form-field">
          <label htmlFor={`code-kind-${id}`}>Alennuksen tyyppi</label>
          <select id={`code-kind-${id}`} name="kind" defaultValue={c?.kind ?? "percent"}>
            <option value="percent">Prosenttia</option>
            <option value="fixed">Euroa</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`code-amount-${id}`}>Alennus (% tai €)</label>
          <input
            id={`code-amount-${id}`}
            name="amount"
            inputMode="decimal"
            defaultValue={
              !c ? "" : c.kind === "percent" ? String(c.percentOff) : centsToEuroText(c.amountOffCents ?? 0)
            }
          />
        </div>
        <div className="form-field">
          <label htmlFor={`code-from-${id}`}>Voimassa alkaen</label>
          <input id={`code-from-${id}`} name="validFrom" type="date" defaultValue={c?.validFrom ?? ""} />
        </div>
        <div className="form-field">
          <label htmlFor={`code-until-${id}`}>Viimeinen voimassaolopäivä</label>
          <input id={`code-until-${id}`} name="validUntil" type="date" defaultValue={c?.validUntil ?? ""} />
        </div>
        <div className="form-field">
          <label htmlFor={`code-max-${id}`}>Käyttökertoja enintään (tyhjä: rajaton)</label>
          <input id={`code-max-${id}`} name="maxUses" type="number" min={1} defaultValue={c?.maxUses ?? ""} />
        </div>
        <div className="form-field">
          <label htmlFor={`code-description-${id}`}>Kuvaus</label>
          <input id={`code-description-${id}`} name="description" defaultValue={c?.description ?? ""} />
        </div>
        <button type="submit" className="button" disabled={!props.canWrite}>
          {c ? "Tallenna" : "Luo alennuskoodi"}
        </button>
        {props.onCancel && (
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            Sulje
          </button>
        )}
      </form>
    </section>
  );
}

function UsesPanel({ uses, onClose }: { uses: DiscountCodeUses; onClose(): void }) {
  const code = uses.discountCode.code;
  return (
    <section className="card admin-section" aria-labelledby="uses-heading">
      <h2 id="uses-heading">Koodin {code} käytöt</h2>
      {uses.uses.length === 0 ? (
        <p>Koodia ei ole käytetty.</p>
      ) : (
        <table tabIndex={0} className="admin-table" aria-label={`Koodin ${code} käytöt`}>
          <thead>
            <tr>
              <th>Aika</th>
              <th>Varaus</th>
              <th>Varaaja</th>
              <th>Alennus</th>
              <th>Tila</th>
            </tr>
          </thead>
          <tbody>
            {uses.uses.map((u) => (
              <tr key={u.id}>
                <td>{formatDateTime(u.createdAt)}</td>
                <td>{formatTimeRange(u.reservation.start, u.reservation.end)}</td>
                <td>
                  {u.reservation.name}
                  <br />
                  <span className="muted">{u.reservation.email}</span>
                </td>
                <td>{formatEuros(u.amountCents)}</td>
                <td>
                  {useStatusText[u.status]}
                  {u.releasedAt && <span className="muted"> {formatDateTime(u.releasedAt)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button button-secondary" onClick={onClose}>
        Sulje käytöt
      </button>
    </section>
  );
}
