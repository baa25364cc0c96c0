import type { ReactNode } from "react";
import type {
  MembershipTierInput,
  MembershipTierView,
  PriceRuleInput,
  PriceRuleView,
  VatRateView,
} from "../../../domain/admin/prices";
import { periodState, type EffectivePeriod } from "../../../domain/effectiveDates";
import { formatDay } from "../../pages/account/membershipFormat";
import { basisPointsToPercentText, centsToEuroText, eurosToCents, field, numberOf } from "../formValues";

/**
 * Hinnasto's forms: every change asks "Voimassa alkaen" (today by default, never earlier), and
 * each version shows its period. Versions in force today and scheduled ones can be changed;
 * past ones are listed only.
 */

export type PricesCommand =
  | { kind: "saveRule"; id: number | null; input: PriceRuleInput }
  | { kind: "endRule"; id: number; effectiveFrom: string }
  | { kind: "saveTier"; level: number; input: MembershipTierInput }
  | { kind: "endTier"; level: number; effectiveFrom: string }
  | { kind: "vat"; rateBasisPoints: number; effectiveFrom: string }
  | {
      kind: "terms";
      commitmentDiscountPercent: number;
      invoiceDueDays: number;
      signupPaymentMinutes: number;
      suspendAfterDays: number;
      rolloverPercent: number;
      pauseMaxWeeks: number;
    };

type Write = (command: PricesCommand) => void;

/** A version's form by its rule and start (useFocusAfterSave): the same after its save reloads it. */
export const ruleFocusKey = (ruleId: number, effectiveFrom: string) => `rule/${ruleId}/${effectiveFrom}`;
export const tierFocusKey = (level: number, effectiveFrom: string) => `tier/${level}/${effectiveFrom}`;

const WEEKDAY_SHORT = ["ma", "ti", "ke", "to", "pe", "la", "su"];

/** "1.1.2027 alkaen", "– 31.12.2026", "1.1.–31.3.2027": a version's period in words. */
export function periodText({ effectiveFrom, effectiveUntil }: EffectivePeriod): string {
  const since = effectiveFrom <= "2000-01-01" ? "" : formatDay(effectiveFrom);
  if (!effectiveUntil) return since ? `${since} alkaen` : "toistaiseksi";
  const lastDay = new Date(`${effectiveUntil}T12:00:00Z`);
  lastDay.setUTCDate(lastDay.getUTCDate() - 1);
  return `${since} – ${formatDay(lastDay.toISOString().slice(0, 10))}`;
}

/** The versions in force today and scheduled (to change), and the past ones (to list). */
export function byState<T extends EffectivePeriod>(versions: T[], today: string) {
  return {
    open: versions.filter((v) => periodState(v, today) !== "past"),
    past: versions.filter((v) => periodState(v, today) === "past"),
  };
}

/** The "Voimassa alkaen" date: a version in force changes from today, a scheduled one from its start. */
export function EffectiveFromField(props: { id: string; today: string; defaultValue: string }) {
  return (
    <div className="form-field">
      <label htmlFor={props.id}>Voimassa alkaen</label>
      <input
        id={props.id}
        name="effectiveFrom"
        type="date"
        min={props.today}
        defaultValue={props.defaultValue}
        required
      />
    </div>
  );
}

const fromOf = (form: FormData, today: string) => field(form, "effectiveFrom") || today;

/**
 * The end of a version's form: "Voimassa alkaen" (from today for a version in force, from its own
 * start for a scheduled one), save, and for an existing version "Poista" from that date and its
 * period.
 */
function VersionActions(props: {
  id: string;
  version: EffectivePeriod | null;
  today: string;
  addLabel: string;
  canWrite: boolean;
  onEnd(effectiveFrom: string): void;
}) {
  const v = props.version;
  return (
    <>
      <EffectiveFromField
        id={props.id}
        today={props.today}
        defaultValue={v && v.effectiveFrom > props.today ? v.effectiveFrom : props.today}
      />
      <button type="submit" className="button button-secondary" disabled={!props.canWrite}>
        {v ? "Tallenna" : props.addLabel}
      </button>
      {v && (
        <button
          type="button"
          className="button button-danger"
          disabled={!props.canWrite}
          onClick={(event) => props.onEnd(fromOf(new FormData(event.currentTarget.form!), props.today))}
        >
          Poista
        </button>
      )}
      {v && <span className="muted">{periodText(v)}</span>}
    </>
  );
}

function ruleFrom(form: FormData, today: string): PriceRuleInput {
  const days = WEEKDAY_SHORT.flatMap((_, i) => (form.get(`day-${i + 1}`) ? [i + 1] : []));
  return {
    name: field(form, "name"),
    lengthMinutes: numberOf(form, "lengthMinutes"),
    priceCents: eurosToCents(field(form, "price")),
    weekdays: days.length === 0 || days.length === 7 ? null : days,
    fromTime: field(form, "fromTime") || null,
    toTime: field(form, "toTime") || null,
    priority: numberOf(form, "priority"),
    active: Boolean(form.get("active")),
    effectiveFrom: fromOf(form, today),
  };
}

/** A price rule's version in force today or scheduled, or (rule null) a new rule. */
export function RuleForm(props: {
  rule: PriceRuleView | null;
  today: string;
  lengths: number[];
  canWrite: boolean;
  onWrite: Write;
}) {
  const r = props.rule;
  const id = r?.id ?? "new";
  const scheduled = r !== null && r.effectiveFrom > props.today;
  const label = !r
    ? "Uusi hinta"
    : scheduled
      ? `Ajastettu hinta ${r.name} ${formatDay(r.effectiveFrom)}`
      : `Hinta ${r.name}`;
  return (
    <form
      className="admin-toolbar price-form"
      aria-label={label}
      data-focus-key={r ? ruleFocusKey(r.ruleId, r.effectiveFrom) : "rule/new"}
      onSubmit={(event) => {
        event.preventDefault();
        props.onWrite({
          kind: "saveRule",
          id: r?.id ?? null,
          input: ruleFrom(new FormData(event.currentTarget), props.today),
        });
      }}
    >
      <div className="form-field">
        <label htmlFor={`rule-name-${id}`}>{r ? "Nimi" : "Uusi hinta"}</label>
        <input id={`rule-name-${id}`} name="name" defaultValue={r?.name ?? ""} required />
      </div>
      <div className="form-field">
        <label htmlFor={`rule-length-${id}`}>Pituus</label>
        <select
          id={`rule-length-${id}`}
          name="lengthMinutes"
          defaultValue={r?.lengthMinutes ?? props.lengths[0]}
        >
          {[...new Set([...props.lengths, ...(r ? [r.lengthMinutes] : [])])].map((l) => (
            <option key={l} value={l}>
              {l} min
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`rule-price-${id}`}>Hinta €</label>
        <input
          id={`rule-price-${id}`}
          name="price"
          defaultValue={r ? centsToEuroText(r.priceCents) : ""}
          required
        />
      </div>
      <fieldset className="form-field weekday-picker">
        <legend>Päivät</legend>
        {WEEKDAY_SHORT.map((d, i) => (
          <label key={d}>
            <input
              type="checkbox"
              name={`day-${i + 1}`}
              defaultChecked={!r?.weekdays || r.weekdays.includes(i + 1)}
            />{" "}
            {d}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label htmlFor={`rule-from-${id}`}>Alkaen klo</label>
        <input id={`rule-from-${id}`} name="fromTime" type="time" defaultValue={r?.fromTime ?? ""} />
      </div>
      <div className="form-field">
        <label htmlFor={`rule-to-${id}`}>ennen klo</label>
        <input id={`rule-to-${id}`} name="toTime" type="time" defaultValue={r?.toTime ?? ""} />
      </div>
      <div className="form-field">
        <label htmlFor={`rule-priority-${id}`}>Etusija</label>
        <input id={`rule-priority-${id}`} name="priority" type="number" defaultValue={r?.priority ?? 0} />
      </div>
      <label>
        <input type="checkbox" name="active" defaultChecked={r?.active ?? true} /> käytössä
      </label>
      <VersionActions
        id={`rule-effective-${id}`}
        version={r}
        today={props.today}
        addLabel="Lisää hinta"
        canWrite={props.canWrite}
        onEnd={(effectiveFrom) => props.onWrite({ kind: "endRule", id: r!.id, effectiveFrom })}
      />
    </form>
  );
}

/** A tier level's version in force today or scheduled, or (tier null) a new level. */
export function TierForm(props: {
  tier: MembershipTierView | null;
  nextLevel: number;
  today: string;
  canWrite: boolean;
  onWrite: Write;
}) {
  const t = props.tier;
  const level = t?.level ?? props.nextLevel;
  const id = t?.id ?? "new";
  const scheduled = t !== null && t.effectiveFrom > props.today;
  const label = !t
    ? "Uusi jäsenyystaso"
    : scheduled
      ? `Ajastettu taso ${t.level} ${formatDay(t.effectiveFrom)}`
      : `Taso ${t.level}`;
  return (
    <form
      className="admin-toolbar price-form"
      aria-label={label}
      data-focus-key={t ? tierFocusKey(t.level, t.effectiveFrom) : "tier/new"}
      onSubmit={(event) => {
        event.preventDefault();
        const f = new FormData(event.currentTarget);
        props.onWrite({
          kind: "saveTier",
          level,
          input: {
            name: field(f, "name"),
            monthlyPriceCents: eurosToCents(field(f, "price")),
            hoursQuota: numberOf(f, "hours"),
            effectiveFrom: fromOf(f, props.today),
          },
        });
      }}
    >
      <span>Taso {level}</span>
      <div className="form-field">
        <label htmlFor={`tier-name-${id}`}>Nimi</label>
        <input id={`tier-name-${id}`} name="name" defaultValue={t?.name ?? ""} required />
      </div>
      <div className="form-field">
        <label htmlFor={`tier-price-${id}`}>Hinta €/kk</label>
        <input
          id={`tier-price-${id}`}
          name="price"
          defaultValue={t ? centsToEuroText(t.monthlyPriceCents) : ""}
          required
        />
      </div>
      <div className="form-field">
        <label htmlFor={`tier-hours-${id}`}>Tunteja/kk</label>
        <input
          id={`tier-hours-${id}`}
          name="hours"
          type="number"
          defaultValue={t?.hoursQuota ?? ""}
          required
        />
      </div>
      <VersionActions
        id={`tier-effective-${id}`}
        version={t}
        today={props.today}
        addLabel="Lisää taso"
        canWrite={props.canWrite}
        onEnd={(effectiveFrom) => props.onWrite({ kind: "endTier", level, effectiveFrom })}
      />
    </form>
  );
}

/** Versions that have ended: shown for the record, never changed. */
export function PastVersions<T extends EffectivePeriod & { id: number }>(props: {
  title: string;
  versions: T[];
  columns: Array<[string, (v: T) => ReactNode]>;
}) {
  if (props.versions.length === 0) return null;
  return (
    <details>
      <summary>{props.title}</summary>
      <table tabIndex={0} className="admin-table">
        <thead>
          <tr>
            {props.columns.map(([heading]) => (
              <th key={heading}>{heading}</th>
            ))}
            <th>Voimassa</th>
          </tr>
        </thead>
        <tbody>
          {props.versions.map((v) => (
            <tr key={v.id}>
              {props.columns.map(([heading, cell]) => (
                <td key={heading}>{cell(v)}</td>
              ))}
              <td>{periodText(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export const vatText = (v: VatRateView) => `${basisPointsToPercentText(v.rateBasisPoints)} %`;
