import { RECENT_DAYS } from "../../../domain/admin/paging";
import { formatDate } from "../../../domain/helsinkiClock";

/** A list that pages: its size, this page (from 1) and the page size. */
export type PagedList = { total: number; page: number; pageSize: number };

/** A list that pages without counting (Varaukset's search): this page and whether more follow. */
export type OpenEndedList = { page: number; more: boolean };

/** How many pages the list has (at least one). */
export const pagesOf = (list: PagedList) => Math.max(1, Math.ceil(list.total / list.pageSize));

/** The last page there is to go to: the count's last, or the next one when more follow. */
const lastPageOf = (list: PagedList | OpenEndedList) =>
  "more" in list ? (list.more ? list.page + 1 : list.page) : pagesOf(list);

/** Previous and next page of the same filters, when the list fills more than one. */
export function PageNavigation({
  list,
  toPage,
}: {
  list: PagedList | OpenEndedList;
  toPage: (page: number) => void;
}) {
  const pages = lastPageOf(list);
  if (pages <= 1) return null;
  return (
    <nav className="admin-toolbar" aria-label="Sivut">
      <button
        type="button"
        className="button button-secondary"
        disabled={list.page <= 1}
        onClick={() => toPage(list.page - 1)}
      >
        Edellinen sivu
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={list.page >= pages}
        onClick={() => toPage(list.page + 1)}
      >
        Seuraava sivu
      </button>
    </nav>
  );
}

/**
 * What a log's page covers: its dates (the last RECENT_DAYS days unless the admin named them),
 * how many match and which page this is.
 */
export function LogWindowNote({
  list,
  noun,
}: {
  list: PagedList & { from: string; to: string };
  noun: string;
}) {
  const pages = pagesOf(list);
  return (
    <p className="muted">
      {formatDate(list.from)}–{formatDate(list.to)}: {list.total} {noun}
      {pages > 1 ? `, sivu ${list.page} / ${pages}` : ""}.{" "}
      {`Ilman päivämääriä näytetään viimeiset ${RECENT_DAYS} päivää.`}
    </p>
  );
}
