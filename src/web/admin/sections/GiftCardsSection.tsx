import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import {
  giftCardHistorySchema,
  giftCardIssuedSchema,
  giftCardListSchema,
  type AdminGiftCard,
  type GiftCardHistory,
  type GiftCardIssued,
  type GiftCardIssueInput,
  type GiftCardList,
  type GiftCardTransaction,
} from "../../../domain/admin/giftCards";
import { giftCardTransactionLabels } from "../../../domain/admin/labels";
import { formatDate, formatDateTime } from "../../../domain/helsinkiClock";
import { formatEuros } from "../../../domain/money";
import { useSiteInfo } from "../../useSiteInfo";
import { useAdminEnvironment } from "../AdminSession";
import { eurosToCents, field } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";
import { PageNavigation, pagesOf } from "./PageNavigation";
import "./giftCardPrint.css";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";

/** The code search, and which card's history is open. */
type CardsQuery = { code?: string; page?: number; historyOf: string | null };
type CardsData = { list: GiftCardList; history: GiftCardHistory | null };
type CardsCommand =
  { kind: "issue"; input: GiftCardIssueInput } | { kind: "setActive"; id: string; active: boolean };

const statusText: Record<AdminGiftCard["status"], string> = {
  active: "Käytössä",
  inactive: "Pois käytöstä",
  expired: "Vanhentunut",
  empty: "Käytetty loppuun",
};
const transactionText: Record<GiftCardTransaction["kind"], string> = giftCardTransactionLabels;

/** /hallinta/lahjakortit: issue a card (its code shown once, printable), the list, history, deactivate. */
export function GiftCardsSection() {
  const { http } = useAdminEnvironment();
  // The full code lives only here, from the issue's answer until the admin closes the card.
  const [issued, setIssued] = useState<GiftCardIssued | null>(null);
  const actor = useAdminSection<CardsQuery, CardsData, CardsCommand>({
    query: { historyOf: null },
    load: async ({ code, page, historyOf }) => ({
      list: giftCardListSchema.parse(
        await http.get("/api/v2/admin/gift-cards", {
          params: { ...(code ? { code } : {}), ...(page ? { page } : {}) },
        }),
      ),
      history:
        historyOf === null
          ? null
          : giftCardHistorySchema.parse(await http.get(`/api/v2/admin/gift-cards/${historyOf}`)),
    }),
    write: async (command) => {
      if (command.kind === "setActive")
        return (
          await http.post<{ message: string }>(
            `/api/v2/admin/gift-cards/${command.id}/${command.active ? "activate" : "deactivate"}`,
          )
        ).message;
      const answer = giftCardIssuedSchema.parse(await http.post("/api/v2/admin/gift-cards", command.input));
      setIssued(answer);
      return answer.message;
    },
  });
  const data = useSelector(actor, (s) => s.context.data);
  const query = useSelector(actor, (s) => s.context.query);
  const canWrite = useSelector(actor, acceptsWrite);
  const focus = useFocusAfterSave(actor);
  // After a save focus goes to the new card (its code is read out next) or back to the button used.
  const write = (command: CardsCommand) => {
    focus.aim(command.kind === "issue" ? "issued" : `card/${command.id}`);
    actor.send({ type: "section.write", command });
  };
  const ask = (change: Partial<CardsQuery>) =>
    actor.send({ type: "section.query", query: { ...query, ...change } });

  const issue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    write({
      kind: "issue",
      input: {
        // Unreadable is NaN, sent as null: the server says what an amount looks like.
        amountCents: eurosToCents(field(form, "amount")),
        validUntil: field(form, "validUntil") || null,
        note: field(form, "note") || null,
      },
    });
  };

  return (
    <section className="admin-section" aria-labelledby="cards-heading">
      <h1 id="cards-heading">Lahjakortit</h1>
      <p className="muted">
        Lahjakortilla voi maksaa varauksia ja jäsenyyksien laskuja. Koodi näytetään vain kortin luonnin
        yhteydessä.
      </p>
      <SectionStatus actor={actor} />
      {issued && <IssuedCard issued={issued} onClose={() => setIssued(null)} />}
      <section className="card admin-section" aria-labelledby="issue-heading">
        <h2 id="issue-heading">Uusi lahjakortti</h2>
        {/* Drawn afresh (empty) once a card is issued, so the same card is not issued twice by accident. */}
        <form
          key={issued?.giftCard.id ?? "new"}
          className="admin-toolbar"
          aria-label="Uusi lahjakortti"
          onSubmit={issue}
        >
          <div className="form-field">
            <label htmlFor="card-amount">Arvo €</label>
            <input id="card-amount" name="amount" inputMode="decimal" required />
          </div>
          <div className="form-field">
            <label htmlFor="card-until">Viimeinen voimassaolopäivä (vapaaehtoinen)</label>
            <input id="card-until" name="validUntil" type="date" />
          </div>
          <div className="form-field">
            <label htmlFor="card-note">Saaja tai muistiinpano (vapaaehtoinen)</label>
            <input id="card-note" name="note" />
          </div>
          <button type="submit" className="button" disabled={!canWrite}>
            Luo lahjakortti
          </button>
        </form>
      </section>
      <form
        className="admin-toolbar"
        aria-label="Etsi lahjakorttia"
        onSubmit={(event) => {
          event.preventDefault();
          ask({ code: field(new FormData(event.currentTarget), "code") || undefined, page: undefined });
        }}
      >
        <div className="form-field">
          <label htmlFor="card-search">Koodi tai sen neljä viimeistä merkkiä</label>
          <input id="card-search" name="code" defaultValue={query.code ?? ""} />
        </div>
        <button type="submit" className="button button-secondary">
          Etsi
        </button>
      </form>
      {data && (
        <>
          {data.list.giftCards.length === 0 ? (
            <p>Lahjakortteja ei löytynyt.</p>
          ) : (
            <table tabIndex={0} className="admin-table" aria-label="Lahjakortit">
              <thead>
                <tr>
                  <th>Koodi</th>
                  <th>Arvo</th>
                  <th>Saldo</th>
                  <th>Tila</th>
                  <th>Voimassa</th>
                  <th>Muistiinpano</th>
                  <th>Luotu</th>
                  <th>
                    <span className="visually-hidden">Toiminnot</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.giftCards.map((c) => (
                  <tr key={c.id}>
                    <td>{c.maskedCode}</td>
                    <td>{formatEuros(c.initialCents)}</td>
                    <td>{formatEuros(c.balanceCents)}</td>
                    <td>{statusText[c.status]}</td>
                    <td>{c.validUntil ? `${formatDate(c.validUntil)} asti` : "Toistaiseksi"}</td>
                    <td>{c.note}</td>
                    <td>{formatDateTime(c.createdAt)}</td>
                    <td className="admin-toolbar">
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Historia ${c.maskedCode}`}
                        onClick={() => ask({ historyOf: c.id })}
                      >
                        Historia
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={!canWrite}
                        aria-label={`${c.active ? "Poista käytöstä" : "Ota käyttöön"} ${c.maskedCode}`}
                        data-focus-key={`card/${c.id}`}
                        onClick={() => write({ kind: "setActive", id: c.id, active: !c.active })}
                      >
                        {c.active ? "Poista käytöstä" : "Ota käyttöön"}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
              {pagesOf(data.list) > 1 && (
                <caption>
                  {data.list.total} korttia, sivu {data.list.page} / {pagesOf(data.list)}
                </caption>
              )}
            </table>
          )}
          <PageNavigation list={data.list} toPage={(page) => ask({ page })} />
          {data.history && <HistoryPanel history={data.history} onClose={() => ask({ historyOf: null })} />}
        </>
      )}
    </section>
  );
}

/** The new card, its code shown this once, laid out to print (giftCardPrint.css hides the rest). */
function IssuedCard({ issued, onClose }: { issued: GiftCardIssued; onClose(): void }) {
  const site = useSiteInfo().site;
  const card = issued.giftCard;
  return (
    <section className="card admin-section" aria-labelledby="issued-heading">
      <h2 id="issued-heading" tabIndex={-1} data-focus-key="issued">
        Lahjakortti luotu
      </h2>
      <p className="notice">
        Koodi näytetään vain nyt. Tulosta kortti tai kirjoita koodi talteen ennen kuin suljet tämän.
      </p>
      <article className="gift-card-print" aria-label="Tulostettava lahjakortti">
        <p className="gift-card-print__park">{site?.park.name ?? "Koirapuisto"}</p>
        <h3>Lahjakortti</h3>
        <p className="gift-card-print__amount">{formatEuros(card.initialCents)}</p>
        <dl>
          <dt>Koodi</dt>
          <dd className="gift-card-print__code">{issued.code}</dd>
          <dt>Voimassa</dt>
          <dd>{card.validUntil ? `${formatDate(card.validUntil)} asti` : "Toistaiseksi"}</dd>
        </dl>
        <p>Käytä koodi varauksen maksamiseen kohdassa ”Lahjakortin koodi”. Käyttämätön saldo jää kortille.</p>
        {site && (
          <p className="muted">
            {site.park.streetAddress}, {site.park.postalCode} {site.park.city} · {site.park.email}
          </p>
        )}
      </article>
      <div className="admin-toolbar">
        <button type="button" className="button" onClick={() => window.print()}>
          Tulosta kortti
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Koodi on talletettu, sulje
        </button>
      </div>
    </section>
  );
}

function HistoryPanel({ history, onClose }: { history: GiftCardHistory; onClose(): void }) {
  const card = history.giftCard;
  return (
    <section className="card admin-section" aria-labelledby="history-heading">
      <h2 id="history-heading">Kortin {card.maskedCode} historia</h2>
      <p>
        Saldo {formatEuros(card.balanceCents)} / {formatEuros(card.initialCents)} · {statusText[card.status]}
      </p>
      <table tabIndex={0} className="admin-table" aria-label={`Kortin ${card.maskedCode} tapahtumat`}>
        <thead>
          <tr>
            <th>Aika</th>
            <th>Tapahtuma</th>
            <th>Mihin</th>
            <th>Summa</th>
            <th>Saldo jälkeen</th>
          </tr>
        </thead>
        <tbody>
          {history.transactions.map((x) => (
            <tr key={x.id}>
              <td>{formatDateTime(x.createdAt)}</td>
              <td>{transactionText[x.kind]}</td>
              <td>{x.payment?.description ?? x.note}</td>
              <td>{formatEuros(x.amountCents)}</td>
              <td>{formatEuros(x.balanceAfterCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button-secondary" onClick={onClose}>
        Sulje historia
      </button>
    </section>
  );
}
