import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  doorEventListSchema,
  doorEventQuerySchema,
  heatmapQuerySchema,
  heatmapSchema,
  timelineQuerySchema,
  timelineSchema,
} from "../../../domain/admin/operations.js";
import { gateOverviewQuerySchema, gateOverviewSchema } from "../../../domain/admin/gate.js";
import { lightsOverrideBodySchema, lightsOverviewSchema } from "../../../domain/admin/lights.js";
import { signedInAdmin } from "../../plugins/index.js";
import { gateOverview, heatmap, listDoorEvents, timeline } from "../../door/index.js";
import { lightsOverview, setLightsOverride } from "../../lights/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: toiminta"];

/** Toiminta (v2/toiminta): today's timeline and who is in, the heat map, the gate events. */
export const adminOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/operations/timeline",
    {
      schema: {
        tags,
        summary: "A day's bookings per area (today by default), who is in the park now, the next arrivals",
        security: adminSecurity,
        querystring: timelineQuerySchema,
        response: { 200: timelineSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => timeline(app.ctx, request.query.date),
  );

  app.get(
    "/operations/heatmap",
    {
      schema: {
        tags,
        summary: "Occupancy by Helsinki weekday and hour over the whole weeks before today",
        security: adminSecurity,
        querystring: heatmapQuerySchema,
        response: { 200: heatmapSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => heatmap(app.ctx, request.query.weeks),
  );

  app.get(
    "/operations/door-events",
    {
      schema: {
        tags,
        summary:
          "A page of gate events in a date window (30 days unless asked), allowed and refused with their reason, newest first, with counts by reason",
        security: adminSecurity,
        querystring: doorEventQuerySchema,
        response: { 200: doorEventListSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => listDoorEvents(app.ctx, request.query),
  );

  app.get(
    "/operations/gate",
    {
      schema: {
        tags,
        summary: "The gate's health (state, recent checks and outages) and a day's attendance from the gate",
        security: adminSecurity,
        querystring: gateOverviewQuerySchema,
        response: { 200: gateOverviewSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => gateOverview(app.ctx, request.query.date),
  );

  app.get(
    "/operations/lights",
    {
      schema: {
        tags,
        summary: "The park's lights: state, the override in force, the latest switches (decision 035)",
        security: adminSecurity,
        response: { 200: lightsOverviewSchema, ...guardResponses },
      },
    },
    async () => lightsOverview(app.ctx),
  );

  app.post(
    "/operations/lights/override",
    {
      schema: {
        tags,
        summary: "Switch the lights by hand: on or off until a time or the next change, or back to automatic",
        security: adminSecurity,
        body: lightsOverrideBodySchema,
        response: { 200: lightsOverviewSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => setLightsOverride(app.ctx, signedInAdmin(request), request.body),
  );
};
