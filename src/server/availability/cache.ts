import { windowEnd, type BookingRules } from "../../domain/availability.js";
import { buffersFor, NO_DOG_OPTIONS, type Buffers, type DogOptions } from "../../domain/dogRules.js";
import { datesBetween, helsinkiDate, wallClock } from "../../domain/helsinkiTime.js";
import type { Database, Db } from "../db/index.js";
import { loadBookingRules, primaryArea, type Area } from "./service.js";
import { loadSnapshot, reloadBookings, withChange, type Snapshot } from "./snapshot.js";
import { computeDay, rangeJson, statusTickMs, uncachedRangeJson, type DayEntry } from "./day.js";
import { rangeAnswer, type RangeAnswer } from "./http.js";
import { noticeEffect, type BookingChange } from "./notice.js";
import { getSettings, type Settings } from "../settings/index.js";

/**
 * What availability and checkout read, kept in memory (decision 016): the settings, the primary
 * area and the booking rules (opening hours, exceptions, blocks, live bookings and holds, prices)
 * of a span from a week back to a week past the booking window, loaded through the same loaders
 * as before. Each day's answer is computed once and kept until a change touches that day or time
 * moves past what it depends on; each range's answer is kept as its JSON text, ETag and
 * compressed forms. Answers with dog options (a reactive dog, a female in heat: decision 036) are
 * kept the same way, per the buffers they add: the days of each buffer set are computed from the
 * same snapshot and dropped by the same notices (a booking's notice drops a day each side of it,
 * more than any buffer reaches), so they are as current, and as cheap, as the answer without.
 *
 * Changes arrive as the database's notices (migration 0010) from this process and every other
 * server on the database, jobs included: a notice marks the loaded rules stale (reloaded by the
 * next reader) and drops the days it touches. Time is read, not waited for: a hold counts only
 * until its expires_at, and a day's answer holds only until the next grid step it depends on or
 * the next hold expiry in it, so an expired hold shows free at once, before any job marks it.
 * When notices may be missed (the listening connection is lost), nothing is cached or served
 * from memory until listening again.
 *
 * This file holds the state; the snapshot's loads are snapshot.ts, what a notice touches
 * notice.ts, one day's answer day.ts, and the ETag and compressed forms http.ts.
 */

type RangeEntry = { answer: RangeAnswer; validUntil: number; epoch: number; base: number };

/** Ranges whose answers are kept (each a few tens of KB); the oldest go first. */
const MAX_RANGES = 500;
/** Buffer sets whose days are kept (three option sets, and what a settings change leaves); the oldest go. */
const MAX_BUFFER_SETS = 8;

/** The days of the answer without options, and of those whose buffers are the plain ones. */
const PLAIN = "";
/** A range's key: its dates, and the dog options asked (none: the plain answer's key, as before). */
const rangeKey = (from: string, to: string, options: DogOptions) =>
  options.reactiveDog || options.inHeat
    ? `${from}/${to}/${options.reactiveDog ? "r" : ""}${options.inHeat ? "h" : ""}`
    : `${from}/${to}`;

export class AvailabilityCache {
  private live = false;
  /** Bumped by every notice but a booking's: settings, area, exceptions, blocks, prices are stale. */
  private baseGeneration = 0;
  /** Bumped by every notice: the bookings loaded before it are stale. */
  private bookingGeneration = 0;
  /** Bumped whenever some day's answer is dropped: range answers of an older epoch are stale. */
  private epoch = 0;
  private snapshot: Snapshot | null = null;
  private fullLoad: { generation: number; promise: Promise<Snapshot> } | null = null;
  private bookingsLoad: { generation: number; from: Snapshot; promise: Promise<Snapshot> } | null = null;
  /** Each buffer set's days (PLAIN: no buffers beyond the changeover gap), by Helsinki date. */
  private readonly days = new Map<string, Map<string, DayEntry>>();
  private readonly ranges = new Map<string, RangeEntry>();
  private stopWatching: (() => void) | null = null;
  /** Bookings' changes heard while a load was under way, numbered, for it to apply when it ends. */
  private readonly changes: { seq: number; change: BookingChange }[] = [];
  private changeSeq = 0;
  /** Counters for tests and the bench: how often the rules were loaded and days computed. */
  readonly stats = { loads: 0, daysComputed: 0, notices: 0 };

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Starts following the database's change notices. */
  watch(database: Pick<Database, "watchChanges">): void {
    this.stopWatching = database.watchChanges({
      notice: (payload) => this.notice(payload),
      live: (live) => {
        // Whatever happened while not listening is unknown: start over either way.
        this.live = live;
        this.dropAll();
      },
    });
  }

  close(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.live = false;
    this.dropAll();
  }

  /** Whether answers may come from memory (notices are being heard). */
  get isLive(): boolean {
    return this.live;
  }

  // ---------------------------------------------------------------- reading

  /** The settings, current as of this call. */
  async settings(): Promise<Settings> {
    if (!this.live) return getSettings(this.db);
    return (await this.fresh(false)).settings;
  }

  /** The settings and the primary area (one snapshot; from the database when not listening). */
  async settingsAndArea(): Promise<{ settings: Settings; area: Area }> {
    if (!this.live) return { settings: await getSettings(this.db), area: await primaryArea(this.db) };
    const { settings, area } = await this.fresh(false);
    return { settings, area };
  }

  /**
   * The booking rules covering start..end (times of one booking) with `now`: settings, hours,
   * exceptions, blocks and prices current as of this call, from memory when within the span.
   */
  async rulesFor(
    start: Date,
    end: Date,
    now: Date,
  ): Promise<{ rules: BookingRules; area: Area; settings: Settings }> {
    if (this.live) {
      // Bookings are not waited for: the caller checks them in the database (checkout, in its lock).
      // Known ones are included while current, so a slot known taken is refused at once.
      const snap = await this.fresh(false);
      if (helsinkiDate(start) >= snap.spanFrom && helsinkiDate(end) <= snap.spanTo) {
        const reservations = snap.bookingGeneration === this.bookingGeneration ? snap.rules.reservations : [];
        return { rules: { ...snap.rules, reservations, now }, area: snap.area, settings: snap.settings };
      }
    }
    const { settings, area } = await this.settingsAndArea();
    const rules = await loadBookingRules(this.db, { areaId: area.id, from: start, to: end, now, settings });
    return { rules, area, settings };
  }

  /**
   * A range's answer from memory, when it is there and current: no await on the hot path. With dog
   * options, only while no setting has changed since (the buffers come from the dog rules).
   */
  cached(from: string, to: string, options: DogOptions = NO_DOG_OPTIONS): RangeAnswer | null {
    if (!this.live) return null;
    const entry = this.ranges.get(rangeKey(from, to, options));
    if (!entry || entry.epoch !== this.epoch || this.now().getTime() >= entry.validUntil) return null;
    if ((options.reactiveDog || options.inHeat) && entry.base !== this.baseGeneration) return null;
    return entry.answer;
  }

  /**
   * The answer for Helsinki dates from..to (a valid range), current as of this call; with dog
   * options, only the starts where a booking with their buffers fits are free (decision 036).
   */
  async answer(from: string, to: string, options: DogOptions = NO_DOG_OPTIONS): Promise<RangeAnswer> {
    const hit = this.cached(from, to, options);
    if (hit) return hit;
    const now = this.now();
    const nowMs = now.getTime();
    if (!this.live) return this.uncached(from, to, now, options);
    const snap = await this.fresh(true);
    if (from < snap.spanFrom || to > snap.spanTo) return this.uncached(from, to, now, options, snap);
    // Stored only if no notice came after the load began; otherwise used for this answer alone.
    const canStore =
      snap.baseGeneration === this.baseGeneration &&
      snap.bookingGeneration === this.bookingGeneration &&
      this.live;
    const rules = { ...snap.rules, now };
    const { gridMinutes, lengthsMinutes, changeoverMinutes } = rules.slotRules;
    const buffers = buffersFor(snap.settings.dogRules, changeoverMinutes, options);
    // Options that add nothing to the changeover gap share the plain answer's days.
    const plain = buffers.before === 0 && buffers.after === changeoverMinutes;
    const days = this.daysOf(plain ? PLAIN : `${buffers.before}/${buffers.after}`);
    const tick = statusTickMs(rules);
    const until = windowEnd(rules);
    const epoch = this.epoch;
    const parts: string[] = [];
    let validUntil = snap.nextMidnight;
    for (const date of datesBetween(from, to)) {
      let entry = days.get(date);
      if (!entry || nowMs >= entry.validUntil) {
        this.stats.daysComputed++;
        entry = computeDay(rules, date, nowMs, tick, until, snap.nextMidnight, buffers);
        if (canStore) days.set(date, entry);
      }
      parts.push(entry.json);
      validUntil = Math.min(validUntil, entry.validUntil);
    }
    const answer = rangeAnswer(rangeJson(gridMinutes, lengthsMinutes, parts));
    if (canStore && epoch === this.epoch) {
      if (this.ranges.size >= MAX_RANGES) this.ranges.delete(this.ranges.keys().next().value!);
      this.ranges.set(rangeKey(from, to, options), { answer, validUntil, epoch, base: snap.baseGeneration });
    }
    return answer;
  }

  /** The kept days of one buffer set (made on first use; the oldest set goes past the limit). */
  private daysOf(key: string): Map<string, DayEntry> {
    let days = this.days.get(key);
    if (!days) {
      if (this.days.size >= MAX_BUFFER_SETS) this.days.delete(this.days.keys().next().value!);
      days = new Map();
      this.days.set(key, days);
    }
    return days;
  }

  // ---------------------------------------------------------------- changes

  /**
   * A change notice (migrations 0010 and 0029): drops the days it touches (notice.ts). A booking's
   * notice carries its row, which updates the kept bookings in place: the next reader recomputes
   * the touched days from memory instead of loading every booking again (issue 37). Any other
   * notice, or one without its row, makes the kept bookings stale, as before.
   */
  notice(payload: string): void {
    this.stats.notices++;
    const snap = this.snapshot;
    const { base, dates, booking } = noticeEffect(
      payload,
      snap && { areaId: snap.area.id, changeoverMinutes: snap.rules.slotRules.changeoverMinutes },
    );
    if (booking && snap) this.applyChange(booking);
    // Another area's booking changes nothing kept here.
    else if (base || dates !== "none") this.bookingGeneration++;
    // Anything but a booking changes what checkout reads from memory too.
    if (base) this.baseGeneration++;
    if (dates === "all") this.dropDays();
    else if (dates !== "none") this.dropDays(dates);
  }

  /** Keeps a booking's change in the snapshot, and for loads under way to apply when they end. */
  private applyChange(change: BookingChange): void {
    this.snapshot = this.snapshot && withChange(this.snapshot, change);
    if (this.fullLoad || this.bookingsLoad) this.changes.push({ seq: ++this.changeSeq, change });
    else this.changes.length = 0;
  }

  /**
   * A loaded snapshot with the changes heard since its load began (it may have read some of them
   * already: each change replaces its booking's row, so applying it again changes nothing).
   */
  private caughtUp(loaded: Snapshot, sinceSeq: number): Snapshot {
    let snap = loaded;
    for (const { seq, change } of this.changes) if (seq > sinceSeq) snap = withChange(snap, change);
    return snap;
  }

  private dropDays(dates?: string[]): void {
    if (dates) for (const days of this.days.values()) for (const date of dates) days.delete(date);
    else this.days.clear();
    this.epoch++;
    if (this.ranges.size > MAX_RANGES / 2) this.ranges.clear();
  }

  private dropAll(): void {
    this.baseGeneration++;
    this.bookingGeneration++;
    this.snapshot = null;
    this.dropDays();
    this.ranges.clear();
  }

  // ---------------------------------------------------------------- loading

  /**
   * A snapshot whose loads began after every notice heard before this call (its bookings only if
   * `bookings`); a load under way that qualifies is shared.
   */
  private async fresh(bookings: boolean): Promise<Snapshot> {
    const base = this.baseGeneration;
    const booking = this.bookingGeneration;
    let snap = this.snapshot;
    if (!snap || snap.baseGeneration < base || this.now().getTime() >= snap.nextMidnight)
      snap = await this.loadFull();
    if (bookings && snap.bookingGeneration < booking) snap = await this.loadBookings(snap);
    return snap;
  }

  private loadFull(): Promise<Snapshot> {
    if (this.fullLoad && this.fullLoad.generation === this.bookingGeneration) return this.fullLoad.promise;
    const generation = this.bookingGeneration;
    const sinceSeq = this.changeSeq;
    this.stats.loads++;
    const promise = loadSnapshot(this.db, this.now(), this.baseGeneration, generation).then((read) => {
      const loaded = this.caughtUp(read, sinceSeq);
      if (!this.snapshot || this.snapshot.bookingGeneration <= loaded.bookingGeneration) {
        if (this.snapshot && this.snapshot.spanFrom !== loaded.spanFrom) this.dropDays();
        this.snapshot = loaded;
      }
      return loaded;
    });
    const entry = { generation, promise };
    this.fullLoad = entry;
    void promise.finally(() => this.fullLoad === entry && (this.fullLoad = null)).catch(() => {});
    return promise;
  }

  /** The snapshot with its bookings loaded again (one query). */
  private loadBookings(from: Snapshot): Promise<Snapshot> {
    const running = this.bookingsLoad;
    if (running && running.generation === this.bookingGeneration && running.from === from)
      return running.promise;
    const generation = this.bookingGeneration;
    const sinceSeq = this.changeSeq;
    const promise = (async () => {
      this.stats.loads++;
      const loaded = this.caughtUp(await reloadBookings(this.db, from, generation), sinceSeq);
      const current = this.snapshot;
      if (current && current.baseGeneration === from.baseGeneration && current.bookingGeneration < generation)
        this.snapshot = loaded;
      return loaded;
    })();
    const entry = { generation, from, promise };
    this.bookingsLoad = entry;
    void promise.finally(() => this.bookingsLoad === entry && (this.bookingsLoad = null)).catch(() => {});
    return promise;
  }

  /** An answer computed from the database for this call alone (outside the span, or not listening). */
  private async uncached(
    from: string,
    to: string,
    now: Date,
    options: DogOptions,
    snap?: Snapshot,
  ): Promise<RangeAnswer> {
    const { settings, area } = snap ?? (await this.settingsAndArea());
    const buffers: Buffers | undefined =
      options.reactiveDog || options.inHeat
        ? buffersFor(settings.dogRules, settings.slotRules.changeoverMinutes, options)
        : undefined;
    const rules = await loadBookingRules(this.db, {
      areaId: area.id,
      from: wallClock(from, "00:00").toJSDate(),
      to: wallClock(to, "24:00").toJSDate(),
      now,
      settings,
    });
    return rangeAnswer(uncachedRangeJson(rules, from, to, buffers));
  }
}
