import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { fromPromise, type ActorRefFrom } from "xstate";
import { standingSlotMachine, type StandingEnd } from "../../../../machines/standingSlotMachine";
import { formatLength } from "../../../domain/duration";
import { formatDay, formatTimeRange, helsinkiDate } from "../../../domain/helsinkiClock";
import {
  STANDING_MAX_WEEKS,
  STANDING_MIN_WEEKS,
  WEEKDAY_NAMES,
  type StandingPreview,
  type StandingSlot,
  type StandingSlotRequest,
  type StandingWeek,
} from "../../../domain/standingSlot";
import { dogOptionsText } from "../../../domain/dogRules";
import { ConfirmButtons } from "../../components/ConfirmButtons";
import { DogOptionsFields } from "../booking/DogOptionsFields";
import { RetryAlert } from "../../components/RetryAlert";
import { useMemberBookingEnvironment } from "./memberBookingEnvironment";
import "./account.css";

type StandingActor = ActorRefFrom<typeof standingSlotMachine>;

/** Every half hour from 6.00 to 21.30: value "17:00", label "17.00". */
const START_TIMES = Array.from({ length: 32 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  const hh = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, "0");
  return { value: `${String(hh).padStart(2, "0")}:${mm}`, label: `${hh}.${mm}` };
});
const LENGTHS = [30, 60, 90, 120];
const DEFAULT_REQUEST: StandingSlotRequest = {
  weekday: 1,
  start_time: "17:00",
  minutes: 60,
  weeks: 8,
  dogs: 1,
  reactiveDog: false,
  inHeat: false,
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
/** "1 koira" or "2 koiraa, reaktiivinen koira": the dogs and their options (decision 036). */
const dogsText = (dogs: number, options: { reactiveDog: boolean; inHeat: boolean }) => {
  const extra = dogOptionsText(options);
  return `${dogs} ${dogs === 1 ? "koira" : "koiraa"}${extra ? `, ${extra.toLowerCase()}` : ""}`;
};

/** How the weeks past the booking window are booked; null when there are none. */
function laterWeeksText(preview: StandingPreview): string | null {
  const n = preview.later_weeks;
  if (n === null) return "…ja sen jälkeen joka viikko toistaiseksi, sitä mukaa kuin varausikkuna etenee.";
  if (n === 0) return null;
  if (n === 1)
    return `Viimeinen viikko varataan, kun varausikkuna (${preview.window_days} päivää) ulottuu siihen; saat sähköpostin, jos se ei onnistu.`;
  return `Loput ${n} viikkoa varataan sitä mukaa kuin varausikkuna (${preview.window_days} päivää) etenee; saat sähköpostin, jos jokin viikko ei onnistu.`;
}

/** A week of a series as the list says it. */
function standingWeekText(week: StandingWeek): string {
  const when = formatTimeRange(week.start, week.end);
  switch (week.status) {
    case "booked":
      return `${when}: varattu`;
    case "moved":
      return `${formatDay(week.date)}: siirretty ${when}`;
    case "cancelled":
      return `${when}: peruttu`;
    case "skipped":
      return week.reason ? `${when}: ei saatu: ${week.reason}` : `${when}: ei saatu`;
  }
}

/**
 * /oma-tili's "Vakiovuoro" (issue 35): the member's standing weekly slots, each week a normal
 * member booking, and a new one checked week by week before it is booked. AccountPage shows it to
 * a member whose membership gives access. `onBookingsChanged` is called after a series was made or
 * ended (its bookings with it).
 */
export function StandingSlotSection({ onBookingsChanged }: { onBookingsChanged?: () => void }) {
  const env = useMemberBookingEnvironment();
  const changed = useRef(onBookingsChanged);
  useEffect(() => {
    changed.current = onBookingsChanged;
  }, [onBookingsChanged]);
  // The page's callback as it is now, read when a series was made or ended (not at render).
  const [notify] = useState(() => () => changed.current?.());
  const actor = useActorRef(
    standingSlotMachine.provide({
      actions: { bookingsChanged: notify },
      actors: {
        loadStandingSlots: fromPromise(() => env.api.standingSlots()),
        previewStandingSlot: fromPromise(({ input }: { input: StandingSlotRequest }) =>
          env.api.previewStandingSlot(input),
        ),
        createStandingSlot: fromPromise(({ input }: { input: StandingSlotRequest }) =>
          env.api.createStandingSlot(input),
        ),
        endStandingSlot: fromPromise(({ input }: { input: StandingEnd }) =>
          env.api.endStandingSlot(input.id, input.from),
        ),
      },
    }),
  );
  const phase = useSelector(actor, (s) =>
    s.matches("loading")
      ? "loading"
      : s.matches("loadFailed")
        ? "loadFailed"
        : s.matches("reviewing") || s.matches("booking")
          ? "reviewing"
          : "ready",
  );
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const canRetry = useSelector(actor, (s) => s.can({ type: "standing.retry" }));

  return (
    <section className="card account-section standing-slots" aria-labelledby="standing-heading">
      <h2 id="standing-heading">Vakiovuoro</h2>
      <p className="muted">
        Varaa sama aika joka viikko. Jokainen viikko on tavallinen jäsenvaraus, joka lasketaan sen jakson
        tunteihin; voit siirtää tai perua yksittäisen viikon Varaukset-listasta.
      </p>
      {phase === "loading" && (
        <p role="status" className="muted">
          Ladataan vakiovuorojasi…
        </p>
      )}
      {phase === "loadFailed" && (
        <RetryAlert
          message={errorMessage}
          canRetry={canRetry}
          onRetry={() => actor.send({ type: "standing.retry" })}
        />
      )}
      {(phase === "ready" || phase === "reviewing") && (
        <>
          <StandingMessage actor={actor} />
          <StandingSeriesList actor={actor} today={helsinkiDate(env.now())} />
          <section aria-labelledby="standing-new-heading">
            <h3 id="standing-new-heading">Uusi vakiovuoro</h3>
            {phase === "ready" ? <StandingForm actor={actor} /> : <StandingReview actor={actor} />}
          </section>
        </>
      )}
    </section>
  );
}

/** The server's words after a series was made or ended. */
function StandingMessage({ actor }: { actor: StandingActor }) {
  const message = useSelector(actor, (s) => (s.matches("showing") ? s.context.message : null));
  return message ? (
    <p role="status" className="notice notice-success">
      {message}
    </p>
  ) : null;
}

function StandingSeriesList({ actor, today }: { actor: StandingActor; today: string }) {
  const slots = useSelector(actor, (s) => s.context.slots);
  if (slots.length === 0) return <p className="muted">Sinulla ei ole vakiovuoroja.</p>;
  return (
    <section aria-labelledby="standing-list-heading">
      <h3 id="standing-list-heading">Vakiovuorosi</h3>
      <ul className="plain-list standing-series-list">
        {slots.map((slot) => (
          <StandingSeries key={slot.id} slot={slot} actor={actor} today={today} />
        ))}
      </ul>
    </section>
  );
}

function StandingSeries({ slot, actor, today }: { slot: StandingSlot; actor: StandingActor; today: string }) {
  // What this series shows of ending it: nothing, the question, the wait, or why it failed.
  const endStep = useSelector(actor, (s) => {
    if (s.context.ending?.id !== slot.id) return null;
    if (s.matches("askingEnd")) return "asking";
    if (s.matches("ending")) return "ending";
    if (s.matches("showing") && s.context.errorMessage) return "failed";
    return null;
  });
  const endFrom = useSelector(actor, (s) =>
    s.context.ending?.id === slot.id ? s.context.ending.from : null,
  );
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const canEnd = useSelector(actor, (s) => s.can({ type: "standing.askEnd", id: slot.id, from: today }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: "standing.confirmEnd" }));
  const canKeep = useSelector(actor, (s) => s.can({ type: "standing.keep" }));
  const titleId = `standing-${slot.id}`;
  // The weeks it may be ended from: coming ones not cancelled, of a series still running.
  const endable = slot.active
    ? slot.weeks_list.filter((w) => w.date >= today && w.status !== "cancelled").map((w) => w.date)
    : [];
  const [chosen, setChosen] = useState("");

  return (
    <li className="card standing-series" aria-labelledby={titleId}>
      <h4 id={titleId}>{slot.summary}</h4>
      <p className="muted">
        {slot.weeks === null ? "toistaiseksi" : `${slot.weeks} viikkoa`}, alkaen {formatDay(slot.first_date)}{" "}
        · {dogsText(slot.dogs, { reactiveDog: slot.reactive_dog, inHeat: slot.in_heat })}
      </p>
      {slot.ended_from && <p>Päättynyt {formatDay(slot.ended_from)} alkaen</p>}
      {!slot.ended_from && !slot.active && slot.last_date && (
        <p>Viimeinen viikko oli {formatDay(slot.last_date)}.</p>
      )}
      {slot.weeks_list.length > 0 && (
        <ul className="plain-list standing-weeks">
          {slot.weeks_list.map((week) => (
            <li key={week.date} className={`standing-week standing-week--${week.status}`}>
              <span>{standingWeekText(week)}</span>
            </li>
          ))}
        </ul>
      )}
      {endable.length > 0 && (endStep === null || endStep === "failed") && (
        <div className="standing-end">
          <div className="form-field">
            <label htmlFor={`${titleId}-end-from`}>Päätä vakiovuoro alkaen</label>
            <select
              id={`${titleId}-end-from`}
              value={endable.includes(chosen) ? chosen : endable[0]}
              onChange={(e) => setChosen(e.target.value)}
            >
              {endable.map((date) => (
                <option key={date} value={date}>
                  {formatDay(date)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button-danger"
            disabled={!canEnd}
            onClick={() =>
              actor.send({
                type: "standing.askEnd",
                id: slot.id,
                from: endable.includes(chosen) ? chosen : endable[0]!,
              })
            }
          >
            Päätä…
          </button>
        </div>
      )}
      {(endStep === "asking" || endStep === "ending") && endFrom && (
        <div className="notice" role="group" aria-labelledby={`${titleId}-end`}>
          <p id={`${titleId}-end`}>
            Päätetäänkö vakiovuoro {lowerFirst(slot.summary)} {formatDay(endFrom)} alkaen? Sen varaukset siitä
            eteenpäin perutaan ja tunnit palautuvat kiintiöösi.
          </p>
          {endStep === "ending" && <p role="status">Päätetään vakiovuoroa…</p>}
          <ConfirmButtons
            action={{
              label: "Päätä vakiovuoro",
              disabled: !canConfirm,
              onClick: () => actor.send({ type: "standing.confirmEnd" }),
            }}
            back={{
              label: "Älä päätä",
              disabled: !canKeep,
              onClick: () => actor.send({ type: "standing.keep" }),
            }}
          />
        </div>
      )}
      {endStep === "failed" && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
    </li>
  );
}

type FormValues = {
  weekday: string;
  startTime: string;
  minutes: string;
  dogs: string;
  reactiveDog: boolean;
  inHeat: boolean;
  open: boolean;
  weeks: string;
};

const formValues = (request: StandingSlotRequest | null): FormValues => {
  const r = request ?? DEFAULT_REQUEST;
  return {
    weekday: String(r.weekday),
    startTime: r.start_time,
    minutes: String(r.minutes),
    dogs: String(r.dogs),
    reactiveDog: r.reactiveDog,
    inHeat: r.inHeat,
    open: r.weeks === null,
    weeks: String(r.weeks ?? DEFAULT_REQUEST.weeks),
  };
};

/** The new series' choices, kept as the machine last checked them; “Tarkista viikot” books nothing. */
function StandingForm({ actor }: { actor: StandingActor }) {
  const [values, setValues] = useState(() => formValues(actor.getSnapshot().context.request));
  const checking = useSelector(actor, (s) => s.matches("checking"));
  const canCheck = useSelector(actor, (s) => s.can({ type: "standing.check", request: DEFAULT_REQUEST }));
  const errorMessage = useSelector(actor, (s) =>
    s.matches("showing") && !s.context.ending ? s.context.errorMessage : null,
  );
  const set = (field: keyof FormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({
      type: "standing.check",
      request: {
        weekday: Number(values.weekday),
        start_time: values.startTime,
        minutes: Number(values.minutes),
        dogs: Number(values.dogs),
        reactiveDog: values.reactiveDog,
        inHeat: values.inHeat,
        weeks: values.open ? null : Number(values.weeks),
      },
    });
  };

  return (
    <form className="standing-form" onSubmit={submit}>
      <fieldset className="standing-form__fields" disabled={!canCheck}>
        <legend className="visually-hidden">Vakiovuoron aika</legend>
        <div className="form-field">
          <label htmlFor="standing-weekday">Viikonpäivä</label>
          <select id="standing-weekday" value={values.weekday} onChange={set("weekday")}>
            {WEEKDAY_NAMES.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {capitalised(name)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="standing-start">Alkaa klo</label>
          <select id="standing-start" value={values.startTime} onChange={set("startTime")}>
            {START_TIMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="standing-length">Kesto</label>
          <select id="standing-length" value={values.minutes} onChange={set("minutes")}>
            {LENGTHS.map((m) => (
              <option key={m} value={String(m)}>
                {formatLength(m)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="standing-dogs">Koiria</label>
          <input
            id="standing-dogs"
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            required
            value={values.dogs}
            onChange={set("dogs")}
          />
        </div>
      </fieldset>
      <fieldset className="standing-form__dog-options" disabled={!canCheck}>
        <legend className="visually-hidden">Koirien erityistarpeet</legend>
        <DogOptionsFields
          idPrefix="standing"
          reactiveDog={values.reactiveDog}
          inHeat={values.inHeat}
          onChange={(options) => setValues((v) => ({ ...v, ...options }))}
        />
      </fieldset>
      <fieldset className="choice-group standing-form__weeks" disabled={!canCheck}>
        <legend>Kesto viikkoina</legend>
        <div className="choice">
          <input
            id="standing-weeks-some"
            type="radio"
            name="standing-duration"
            checked={!values.open}
            onChange={() => setValues((v) => ({ ...v, open: false }))}
          />
          <label htmlFor="standing-weeks-some" id="standing-weeks-label">
            Viikkoja
          </label>
          <input
            className="standing-form__week-count"
            type="number"
            inputMode="numeric"
            aria-labelledby="standing-weeks-label"
            min={STANDING_MIN_WEEKS}
            max={STANDING_MAX_WEEKS}
            required={!values.open}
            disabled={values.open}
            value={values.weeks}
            onChange={set("weeks")}
          />
        </div>
        <div className="choice">
          <input
            id="standing-weeks-open"
            type="radio"
            name="standing-duration"
            checked={values.open}
            onChange={() => setValues((v) => ({ ...v, open: true }))}
          />
          <label htmlFor="standing-weeks-open">Toistaiseksi</label>
        </div>
      </fieldset>
      {checking && <p role="status">Tarkistetaan viikkoja…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <button type="submit" className="button button-secondary" disabled={!canCheck}>
        Tarkista viikot
      </button>
    </form>
  );
}

/**
 * Every week the window reaches, whether it can be had, and the way to book them or go back. Its
 * buttons are secondary: /oma-tili's one primary action is "Varaa jäsenaika" (style.md).
 */
function StandingReview({ actor }: { actor: StandingActor }) {
  const preview = useSelector(actor, (s) => s.context.preview);
  const request = useSelector(actor, (s) => s.context.request);
  const booking = useSelector(actor, (s) => s.matches("booking"));
  const errorMessage = useSelector(actor, (s) => (s.matches("reviewing") ? s.context.errorMessage : null));
  const canConfirm = useSelector(actor, (s) => s.can({ type: "standing.confirm" }));
  const canBack = useSelector(actor, (s) => s.can({ type: "standing.back" }));
  if (!preview) return null;
  const later = laterWeeksText(preview);
  const noneOk = !preview.weeks.some((week) => week.ok);

  return (
    <div className="standing-review" role="group" aria-labelledby="standing-review-heading">
      <h4 id="standing-review-heading">Tarkista viikot</h4>
      <p className="standing-review__summary">
        {preview.summary} · {dogsText(request?.dogs ?? 1, request ?? DEFAULT_REQUEST)}
      </p>
      <ul className="plain-list standing-weeks">
        {preview.weeks.map((week) => (
          <li key={week.date} className={`standing-week standing-week--${week.ok ? "ok" : "skipped"}`}>
            {formatTimeRange(week.start, week.end)}:{" "}
            {week.ok ? "varataan" : week.reason ? `ei onnistu: ${week.reason}` : "ei onnistu"}
          </li>
        ))}
      </ul>
      {later && <p className="muted">{later}</p>}
      {noneOk && (
        <p>
          Yhtään viikkoa ei voi nyt varata, joten vakiovuoroa ei voi tehdä. Valitse toinen aika tai päivä.
        </p>
      )}
      {booking && <p role="status">Varataan vakiovuoroa…</p>}
      {errorMessage && (
        <p className="error-message" role="alert">
          {errorMessage}
        </p>
      )}
      <ConfirmButtons
        secondary
        action={{
          label: "Vahvista vakiovuoro",
          disabled: !canConfirm,
          onClick: () => actor.send({ type: "standing.confirm" }),
        }}
        back={{
          label: "Muuta valintoja",
          disabled: !canBack,
          onClick: () => actor.send({ type: "standing.back" }),
        }}
      />
    </div>
  );
}
