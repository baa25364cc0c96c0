import { useSelector } from "@xstate/react";
import { DateTime } from "luxon";
import { useMemo, type FormEvent, type ReactNode } from "react";
import {
  financeReportSchema,
  methodTitles,
  productTitles,
  type FinanceFlow,
  type FinanceQuery,
  type FinanceReport,
} from "../../../domain/admin/finance";
import { formatDate, HELSINKI } from "../../../domain/helsinkiClock";
import { formatEuros, formatVatRate } from "../../../domain/money";
import { useAdminEnvironment } from "../AdminSession";
import { downloadCsv, FilterActions } from "../CsvDownload";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection } from "../useAdminSection";
import { FinanceChart, type ChartSeries } from "./FinanceChart";
import "./finance.css";

/** This month in Helsinki, the page's first view. */
function thisMonth(): FinanceQuery {
  const today = DateTime.now().setZone(HELSINKI);
  return {
    from: today.startOf("month").toISODate()!,
    to: today.endOf("month").toISODate()!,
    groupBy: "day",
  };
}

const asParams = (q: FinanceQuery) => ({ from: q.from, to: q.to, groupBy: q.groupBy });

/** "3.9." for a day, "9/2026" for a month. */
function periodLabel(period: string): string {
  const [year, month, day] = period.split("-").map(Number);
  return day ? `${day}.${month}.` : `${month}/${year}`;
}

const euros = (cents: number) => formatEuros(cents);

/** Money cells of a row, right-aligned. */
function MoneyCells({ cents }: { cents: number[] }) {
  return (
    <>
      {cents.map((c, i) => (
        <td key={i} className="numeric">
          {euros(c)}
        </td>
      ))}
    </>
  );
}

const FlowCells = ({ flow }: { flow: FinanceFlow }) => (
  <MoneyCells cents={[flow.salesCents, flow.refundsCents, flow.netCents]} />
);

function FinanceTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <table tabIndex={0} className="admin-table finance-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? "numeric" : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}

function Report({ report }: { report: FinanceReport }) {
  const t = report.totals;
  const periodChart = useMemo(
    () => ({
      categories: report.series.map((s) => periodLabel(s.period)),
      series: [
        { label: "Netto", color: "#2f6b45", kind: "bars", cents: report.series.map((s) => s.netCents) },
        {
          label: productTitles.single,
          color: "#1f5fa8",
          kind: "line",
          cents: report.series.map((s) => s.singleCents),
        },
        {
          label: productTitles.membership,
          color: "#a8621f",
          kind: "line",
          cents: report.series.map((s) => s.membershipCents),
        },
        {
          label: "Palautukset",
          color: "#b3261e",
          kind: "line",
          cents: report.series.map((s) => s.refundsCents),
        },
      ] satisfies ChartSeries[],
    }),
    [report],
  );
  const methodChart = useMemo(
    () => ({
      categories: report.methods.map((m) => methodTitles[m.method]),
      series: [
        { label: "Netto", color: "#2f6b45", kind: "bars", cents: report.methods.map((m) => m.netCents) },
      ] satisfies ChartSeries[],
    }),
    [report],
  );
  const flowHead = ["Myynti", "Palautukset", "Netto"];

  return (
    <>
      <section aria-labelledby="finance-summary">
        <h2 id="finance-summary">Yhteenveto</h2>
        <dl className="finance-summary">
          {(
            [
              ["Myynti", t.salesCents],
              ["Palautukset", t.refundsCents],
              ["Netto (sis. ALV)", t.grossCents],
              ["ALV", t.vatCents],
              ["Veroton", t.netCents],
              ["Alennukset", t.discountsCents],
              ["Lisäkoirat (sis. ALV)", report.extraDogs?.cents ?? 0],
              ["Lisäkoirien ALV", report.extraDogs?.vatCents ?? 0],
              ["Lahjakortteja myyty", report.giftCards.soldCents],
              ["Lahjakorteilla maksettu", report.giftCards.redeemedCents],
            ] as const
          ).map(([term, cents]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{euros(cents)}</dd>
            </div>
          ))}
          <div>
            <dt>Poisjäännit (ei portin avausta)</dt>
            <dd>
              {report.noShows.bookings} varausta,{" "}
              {(report.noShows.minutes / 60).toLocaleString("fi-FI", { maximumFractionDigits: 1 })} h
            </dd>
          </div>
        </dl>
        <p className="muted">
          Päivät ovat Helsingin aikaa: myynti maksun päivänä, palautus sinä päivänä, jona raha palasi
          maksutavalle tai lahjakortille. Alennukset ja lisäkoirat ovat jaksolla vahvistettujen varausten.
          Lahjakortin myynti ei ole myyntiä eikä siitä makseta ALV:tä; vero kirjataan, kun lahjakortilla
          maksetaan.
        </p>
      </section>

      <section aria-labelledby="finance-periods">
        <h2 id="finance-periods">{report.groupBy === "day" ? "Päivittäin" : "Kuukausittain"}</h2>
        <FinanceChart title="Netto, tuotteiden myynti ja palautukset" {...periodChart} />
        <FinanceTable
          caption={report.groupBy === "day" ? "Myynti päivittäin" : "Myynti kuukausittain"}
          head={[
            report.groupBy === "day" ? "Päivä" : "Kuukausi",
            "Kertavaraukset",
            "Jäsenyydet",
            ...flowHead,
          ]}
        >
          <tbody>
            {report.series.map((s) => (
              <tr key={s.period}>
                <th scope="row">{periodLabel(s.period)}</th>
                <MoneyCells
                  cents={[s.singleCents, s.membershipCents, s.salesCents, s.refundsCents, s.netCents]}
                />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Yhteensä</th>
              <td className="numeric">{euros(report.products[0]!.salesCents)}</td>
              <td className="numeric">{euros(report.products[1]!.salesCents)}</td>
              <FlowCells
                flow={{ salesCents: t.salesCents, refundsCents: t.refundsCents, netCents: t.grossCents }}
              />
            </tr>
          </tfoot>
        </FinanceTable>
      </section>

      <section aria-labelledby="finance-products">
        <h2 id="finance-products">Tuotteittain ja maksutavoittain</h2>
        <FinanceTable caption="Myynti tuotteittain" head={["Tuote", ...flowHead]}>
          <tbody>
            {report.products.map((p) => (
              <tr key={p.product}>
                <th scope="row">{productTitles[p.product]}</th>
                <FlowCells flow={p} />
              </tr>
            ))}
          </tbody>
        </FinanceTable>
        <FinanceChart title="Netto maksutavoittain" {...methodChart} />
        <FinanceTable caption="Myynti maksutavoittain" head={["Maksutapa", ...flowHead]}>
          <tbody>
            {report.methods.map((m) => (
              <tr key={m.method}>
                <th scope="row">{methodTitles[m.method]}</th>
                <FlowCells flow={m} />
              </tr>
            ))}
          </tbody>
        </FinanceTable>
      </section>

      <section aria-labelledby="finance-vat">
        <h2 id="finance-vat">ALV-erittely</h2>
        <FinanceTable
          caption="ALV verokannoittain"
          head={["ALV-kanta", "Myynti", "Palautukset", "Verollinen", "ALV", "Veroton"]}
        >
          <tbody>
            {report.vat.map((v) => (
              <tr key={v.rateBasisPoints}>
                <th scope="row">{formatVatRate(v.rateBasisPoints)}</th>
                <MoneyCells cents={[v.salesCents, v.refundsCents, v.grossCents, v.vatCents, v.netCents]} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Yhteensä</th>
              <MoneyCells cents={[t.salesCents, t.refundsCents, t.grossCents, t.vatCents, t.netCents]} />
            </tr>
          </tfoot>
        </FinanceTable>
      </section>

      <InvoiceList invoices={report.invoices} />
    </>
  );
}

function InvoiceList({ invoices }: { invoices: FinanceReport["invoices"] }) {
  return (
    <section aria-labelledby="finance-invoices">
      <h2 id="finance-invoices">Avoimet laskut</h2>
      <p>
        Tilanne {formatDate(DateTime.fromISO(invoices.today, { zone: HELSINKI }).toJSDate())}: avoinna{" "}
        {invoices.open.count} kpl, {euros(invoices.open.totalCents)}; erääntyneitä {invoices.overdue.count}{" "}
        kpl, {euros(invoices.overdue.totalCents)}.
      </p>
      {invoices.rows.length > 0 && (
        <FinanceTable caption="Avoimet laskut" head={["Lasku", "Maksaja", "Kuvaus", "Eräpäivä", "Summa"]}>
          <tbody>
            {invoices.rows.map((i) => (
              <tr key={i.id}>
                <th scope="row">{i.number}</th>
                <td>
                  {i.name}
                  <br />
                  <span className="muted">{i.email}</span>
                </td>
                <td>{i.description}</td>
                <td>
                  {formatDate(DateTime.fromISO(i.dueDate, { zone: HELSINKI }).toJSDate())}
                  {i.overdue && <strong> (erääntynyt)</strong>}
                </td>
                <td className="numeric">{euros(i.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </FinanceTable>
      )}
    </section>
  );
}

/** /hallinta/v2/talous: revenue, refunds, VAT per rate and open invoices of a period; CSV. */
export function FinanceSection() {
  const { http } = useAdminEnvironment();
  const actor = useAdminSection<FinanceQuery, FinanceReport, never>({
    query: thisMonth(),
    load: async (query) =>
      financeReportSchema.parse(await http.get("/api/v2/admin/finance", { params: asParams(query) })),
    write: async () => "",
  });
  const query = useSelector(actor, (s) => s.context.query);
  const report = useSelector(actor, (s) => s.context.data);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({
      type: "section.query",
      query: {
        from: String(form.get("from") ?? ""),
        to: String(form.get("to") ?? ""),
        groupBy: form.get("groupBy") === "month" ? "month" : "day",
      } satisfies FinanceQuery,
    });
  };

  return (
    <section className="admin-section" aria-labelledby="finance-heading">
      <h1 id="finance-heading">Talous</h1>
      <form className="admin-toolbar" onSubmit={filter} aria-label="Valitse jakso">
        <div className="form-field">
          <label htmlFor="finance-from">Alkaen</label>
          <input id="finance-from" name="from" type="date" required defaultValue={query.from} />
        </div>
        <div className="form-field">
          <label htmlFor="finance-to">Päättyen</label>
          <input id="finance-to" name="to" type="date" required defaultValue={query.to} />
        </div>
        <div className="form-field">
          <label htmlFor="finance-group">Ryhmittely</label>
          <select id="finance-group" name="groupBy" defaultValue={query.groupBy}>
            <option value="day">Päivittäin</option>
            <option value="month">Kuukausittain</option>
          </select>
        </div>
        <FilterActions
          onCsv={() =>
            downloadCsv(
              http,
              "/api/v2/admin/finance.csv",
              asParams(query),
              `talous-${query.from}-${query.to}.csv`,
            )
          }
        />
      </form>
      <SectionStatus actor={actor} />
      {report && <Report report={report} />}
    </section>
  );
}
