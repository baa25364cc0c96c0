import { useSelector } from "@xstate/react";
import { useEffect, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  memberPageSchema,
  membershipListSchema,
  type MemberPage,
  type MembershipList,
} from "../../../domain/admin/memberships";
import { subscriptionStatusSchema, type SubscriptionStatus } from "../../../domain/membership";
import { formatEuros } from "../../../domain/money";
import { formatDay, formatHours, statusLabel } from "../../pages/account/membershipFormat";
import { useAdminEnvironment } from "../AdminSession";
import { field } from "../formValues";
import { SectionStatus } from "../SectionStatus";
import { useAdminSection, useSectionQuestion } from "../useAdminSection";
import { useFocusAfterSave } from "../useFocusAfterSave";
import type { MembershipCommand } from "./memberActions";
import { MemberView } from "./MemberView";
import { acceptsWrite } from "../../../../machines/adminSectionMachine";
import { PageNavigation, pagesOf } from "./PageNavigation";

/**
 * /hallinta/v2/jasenydet: the memberships with filters, and a member's page with the actions on
 * their behalf. Everything the page shows is in its address (?taso=2&tila=active&myohassa=kylla
 * &haku=…&sivu=2, and ?jasen=<customer id> for a member), so a reload, a shared link or the back
 * button shows the same; the address is the one source, the section's query follows it.
 */

type ListFilters = { tier?: string; status?: string; overdue?: string; q?: string; page?: string };
type MembershipsQuery = { list: ListFilters; member: string | null };
type MembershipsData = { list: MembershipList } | { member: MemberPage };

const API = "/api/v2/admin";
/** Address parameter ↔ API parameter. */
const paramNames = { tier: "taso", status: "tila", overdue: "myohassa", q: "haku", page: "sivu" } as const;
const overdueParam = { kylla: "true", ei: "false" } as const;

function queryOf(params: URLSearchParams): MembershipsQuery {
  const list: ListFilters = {};
  for (const [key, name] of Object.entries(paramNames) as Array<[keyof ListFilters, string]>) {
    const value = params.get(name);
    if (value) list[key] = value;
  }
  if (list.overdue) list.overdue = overdueParam[list.overdue as keyof typeof overdueParam];
  return { list, member: params.get("jasen") };
}

function searchOf(list: ListFilters, member: string | null = null): string {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(paramNames) as Array<[keyof ListFilters, string]>) {
    const value = key === "overdue" ? { true: "kylla", false: "ei" }[list.overdue ?? ""] : list[key];
    if (value) params.set(name, value);
  }
  if (member) params.set("jasen", member);
  return `?${params}`;
}

/**
 * Where focus goes once a write's answer is drawn (useFocusAfterSave): the membership's heading or
 * the invoice's row whose button was pressed, as the confirmation that held focus is gone.
 */
const membershipFocusKey = (command: MembershipCommand) =>
  "subscriptionId" in command
    ? `subscription/${command.subscriptionId}`
    : "standingId" in command
      ? `standing/${command.standingId}`
      : `invoice/${command.invoiceId}`;

export function MembershipsSection() {
  const { http } = useAdminEnvironment();
  const [params, setParams] = useSearchParams();
  const fromAddress = queryOf(params);
  const actor = useAdminSection<MembershipsQuery, MembershipsData, MembershipCommand>({
    query: fromAddress,
    load: async ({ list, member }) =>
      member
        ? { member: memberPageSchema.parse(await http.get(`${API}/members/${encodeURIComponent(member)}`)) }
        : { list: membershipListSchema.parse(await http.get(`${API}/memberships`, { params: list })) },
    write: async (command) => {
      const post = (path: string, body?: unknown) => http.post<{ message: string }>(`${API}${path}`, body);
      switch (command.kind) {
        case "cancel":
          return (await post(`/memberships/${command.subscriptionId}/cancel`)).message;
        case "tierChange":
          return (
            await post(`/memberships/${command.subscriptionId}/tier-change`, { tierLevel: command.tierLevel })
          ).message;
        case "cancelTierChange":
          return (
            await http.delete<{ message: string }>(`${API}/memberships/${command.subscriptionId}/tier-change`)
          ).message;
        case "void":
        case "credit":
        case "resend":
          return (await post(`/invoices/${command.invoiceId}/${command.kind}`)).message;
        case "endStanding":
          return (await post(`/standing-slots/${command.standingId}/end`, { from: command.from })).message;
      }
    },
  });
  const query = useSelector(actor, (s) => s.context.query);
  const data = useSelector(actor, (s) => s.context.data);
  const canWrite = useSelector(actor, acceptsWrite);
  const focus = useFocusAfterSave(actor);
  const question = useSectionQuestion(actor, (command) => focus.aim(membershipFocusKey(command)));

  // The address changed (a filter, a member, back or forward): the section asks for what it names.
  const addressKey = JSON.stringify(fromAddress);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.query) !== addressKey)
      actor.send({ type: "section.query", query: JSON.parse(addressKey) as MembershipsQuery });
  }, [actor, addressKey]);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const list: ListFilters = {
      tier: field(form, "tier") || undefined,
      status: field(form, "status") || undefined,
      overdue: field(form, "overdue") || undefined,
      q: field(form, "q") || undefined,
    };
    setParams(searchOf(list));
  };
  const listSearch = searchOf(query.list);
  const list = data && "list" in data && !query.member ? data.list : null;
  const member = data && "member" in data && query.member ? data.member : null;

  return (
    <section className="admin-section" aria-labelledby="memberships-heading">
      <h1 id="memberships-heading">Jäsenyydet</h1>
      <SectionStatus actor={actor} />
      {query.member ? (
        <>
          <p>
            <Link to={{ search: listSearch }}>← Takaisin jäsenyyksiin</Link>
          </p>
          {member && <MemberView member={member} canWrite={canWrite} question={question} />}
        </>
      ) : (
        <>
          <p>
            <Link to="/hallinta/v2/jasenydet/tilisiirrot">
              Tilisiirrot: lue pankin tiliote ja katso odottavat maksut
            </Link>
          </p>
          <form
            // Anew when the address changes, and once the tiers have come (a ?taso= needs its option).
            key={`${listSearch}:${list?.tiers.length ?? 0}`}
            className="admin-toolbar"
            aria-label="Suodata jäsenyyksiä"
            onSubmit={filter}
          >
            <div className="form-field">
              <label htmlFor="memberships-tier">Taso</label>
              <select id="memberships-tier" name="tier" defaultValue={query.list.tier ?? ""}>
                <option value="">Kaikki</option>
                {list?.tiers.map((t) => (
                  <option key={t.level} value={t.level}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="memberships-status">Tila</label>
              <select id="memberships-status" name="status" defaultValue={query.list.status ?? ""}>
                <option value="">Kaikki paitsi vanhentuneet</option>
                {subscriptionStatusSchema.options.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="memberships-overdue">Erääntynyt lasku</label>
              <select id="memberships-overdue" name="overdue" defaultValue={query.list.overdue ?? ""}>
                <option value="">Ei väliä</option>
                <option value="true">On erääntynyt lasku</option>
                <option value="false">Ei erääntyneitä laskuja</option>
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="memberships-q">Nimi tai sähköposti</label>
              <input id="memberships-q" name="q" type="search" defaultValue={query.list.q ?? ""} />
            </div>
            <button type="submit" className="button button-secondary">
              Suodata
            </button>
          </form>
          {list && <MembershipTable list={list} query={query} go={(search) => setParams(search)} />}
        </>
      )}
    </section>
  );
}

function MembershipTable({
  list,
  query,
  go,
}: {
  list: MembershipList;
  query: MembershipsQuery;
  go: (search: string) => void;
}) {
  const pages = pagesOf(list);
  const counts = list.counts.byStatus.map((c) => `${statusLabel[c.status as SubscriptionStatus]} ${c.count}`);
  const toPage = (page: number) => go(searchOf({ ...query.list, page: page > 1 ? String(page) : undefined }));
  return (
    <>
      <p>
        {counts.join(" · ") || "Ei jäsenyyksiä."}
        {list.counts.overdue > 0 &&
          ` · Erääntynyt lasku ${list.counts.overdue} jäsenellä, yhteensä ${formatEuros(list.counts.overdueCents)}`}
      </p>
      {list.memberships.length === 0 ? (
        <p>Ei jäsenyyksiä valituilla ehdoilla.</p>
      ) : (
        <table tabIndex={0} className="admin-table">
          <caption>
            Jäsenyydet ({list.total}
            {pages > 1 && `, sivu ${list.page} / ${pages}`})
          </caption>
          <thead>
            <tr>
              <th scope="col">Jäsen</th>
              <th scope="col">Taso</th>
              <th scope="col">Tila</th>
              <th scope="col">Alkanut</th>
              <th scope="col">Hinta / kk</th>
              <th scope="col">Käyttö tällä jaksolla</th>
              <th scope="col">Avoimet laskut</th>
              <th scope="col">Erääntyneet</th>
            </tr>
          </thead>
          <tbody>
            {list.memberships.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  {m.customer_id ? (
                    <Link to={{ search: searchOf(query.list, m.customer_id) }}>{m.name ?? m.email}</Link>
                  ) : (
                    "Poistettu asiakas"
                  )}
                  {m.name && <div className="muted">{m.email}</div>}
                </th>
                <td>
                  {m.tier_name}
                  {m.commitment === "12m" && <div className="muted">12 kk sitoumus</div>}
                  {m.pending_tier_change && (
                    <div className="muted">
                      → {m.pending_tier_change.tier_name ?? `taso ${m.pending_tier_change.tier_level}`}{" "}
                      {formatDay(m.pending_tier_change.from)} alkaen
                    </div>
                  )}
                </td>
                <td>
                  {statusLabel[m.status]}
                  {m.pause && (
                    <div className="muted">
                      {m.pause.current ? "Tauolla" : "Tauko"} {formatDay(m.pause.starts_on)}–
                      {formatDay(m.pause.last_day)}
                    </div>
                  )}
                  {m.access_ends_on && (
                    <div className="muted">käytössä {formatDay(m.access_ends_on)} asti</div>
                  )}
                </td>
                <td>{formatDay(m.start_date)}</td>
                <td>{formatEuros(m.monthly_price_cents)}</td>
                <td>
                  {m.usage
                    ? `${formatHours(m.usage.hours_used)} / ${formatHours(m.usage.hours_quota)} h`
                    : "–"}
                </td>
                <td>{m.open_invoices.count > 0 ? sumText(m.open_invoices) : "–"}</td>
                <td>{m.overdue_invoices.count > 0 ? <strong>{sumText(m.overdue_invoices)}</strong> : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageNavigation list={list} toPage={toPage} />
    </>
  );
}

const sumText = (s: { count: number; cents: number }) => `${s.count} kpl, ${formatEuros(s.cents)}`;
