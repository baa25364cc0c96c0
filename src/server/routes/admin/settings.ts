import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDate } from "../../../domain/booking.js";
import {
  adminSettingsSchema,
  areaInputSchema,
  editableSettingKeys,
  editableSettings,
  openingExceptionBodySchema,
} from "../../../domain/admin/settings.js";
import { signedInAdmin } from "../../plugins/index.js";
import {
  adminSettings,
  createArea,
  deleteOpeningException,
  putOpeningException,
  updateArea,
  updateSetting,
} from "../../settings/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: hallintapaneeli"];
const areaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
const okSchema = z.object({ message: z.string() });

/** Hallintapaneeli (and the membership prices and VAT of hinnasto): settings, exceptions, areas. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings",
    {
      schema: {
        tags,
        summary: "The park's settings, opening exceptions, areas and the gate provider",
        security: adminSecurity,
        response: { 200: adminSettingsSchema, ...guardResponses },
      },
    },
    async () => adminSettings(app.ctx),
  );

  // One route per setting, so each has its own body schema (and its own OpenAPI description).
  for (const key of editableSettingKeys) {
    app.put(
      `/settings/${key}`,
      {
        schema: {
          tags,
          summary: `Replace the ${key} setting`,
          security: adminSecurity,
          body: editableSettings[key] as z.core.$ZodType,
          response: { 200: z.object({ value: z.unknown() }), 400: errorSchema, ...guardResponses },
        },
      },
      async (request) => ({ value: await updateSetting(app.ctx, signedInAdmin(request), key, request.body) }),
    );
  }

  app.put(
    "/opening-exceptions/:date",
    {
      schema: {
        tags,
        summary: "Set one date's opening hours (or close it)",
        security: adminSecurity,
        params: z.object({ date: isoDate }),
        body: openingExceptionBodySchema,
        response: { 200: okSchema, 400: errorSchema, ...guardResponses },
      },
    },
    async (request) => {
      await putOpeningException(app.ctx, signedInAdmin(request), {
        ...request.body,
        date: request.params.date,
      });
      return { message: "Poikkeus tallennettu." };
    },
  );

  app.delete(
    "/opening-exceptions/:date",
    {
      schema: {
        tags,
        summary: "Remove a date's exception (back to the weekly hours)",
        security: adminSecurity,
        params: z.object({ date: isoDate }),
        response: { 200: okSchema, 400: errorSchema, 404: errorSchema, ...guardResponses },
      },
    },
    async (request) => {
      await deleteOpeningException(app.ctx, signedInAdmin(request), request.params.date);
      return { message: "Poikkeus poistettu." };
    },
  );

  app.post(
    "/areas",
    {
      schema: {
        tags,
        summary: "Add an area",
        security: adminSecurity,
        body: areaInputSchema,
        response: { 201: z.object({ area: areaSchema }), 400: errorSchema, ...guardResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ area: await createArea(app.ctx, signedInAdmin(request), request.body) }),
  );

  app.put(
    "/areas/:id",
    {
      schema: {
        tags,
        summary: "Rename, reorder or (de)activate an area",
        security: adminSecurity,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: areaInputSchema,
        response: {
          200: z.object({ area: areaSchema }),
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request) => ({
      area: await updateArea(app.ctx, signedInAdmin(request), request.params.id, request.body),
    }),
  );
};
