/** Per-route metadata (spec §1: each route can hide the header or footer). */
export type RouteMeta = { hideHeader?: boolean; hideFooter?: boolean; title?: string };
