import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_ALT_LENGTH, MAX_PHOTO_BYTES, parkPhotoSchema, photoListSchema } from "../../../domain/photos.js";
import { badRequest, HttpError } from "../../errors.js";
import { signedInAdmin } from "../../plugins/index.js";
import { addPhoto, deletePhoto, listPhotos, reorderPhotos } from "../../photos/index.js";
import { adminSecurity, errorSchema, guardResponses } from "./schemas.js";

const tags = ["admin: hallintapaneeli"];
const okSchema = z.object({ message: z.string() });
export const PHOTO_TOO_LARGE = "Kuva on liian suuri: enintään 15 Mt.";
export const PHOTO_TYPE_REFUSED = "Lähetä kuva: JPEG, PNG tai WebP.";
export const ALT_MISSING = "Kirjoita kuvalle kuvaus (vaihtoehtoinen teksti): mitä kuvassa näkyy.";

/** Hallintapaneeli's photos: the list, upload (the image as the raw body), delete, order. */
export const adminPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The image is the body as sent (a phone's File), up to 15 MB; only this plugin's routes read it.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );
  // The framework's own refusals, in the words of this upload; anything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpError(413, PHOTO_TOO_LARGE);
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpError(415, PHOTO_TYPE_REFUSED);
    throw error;
  });

  app.get(
    "/photos",
    {
      schema: {
        tags,
        summary: "The park's photos in order (as GET /api/v2/photos, for hallintapaneeli)",
        security: adminSecurity,
        response: { 200: photoListSchema, ...guardResponses },
      },
    },
    async () => listPhotos(app.ctx.db),
  );

  app.post(
    "/photos",
    {
      bodyLimit: MAX_PHOTO_BYTES,
      schema: {
        tags,
        summary: "Upload a park photo (the JPEG, PNG or WebP as the body, alt text in the query)",
        security: adminSecurity,
        querystring: z.object({ alt: z.string().max(MAX_ALT_LENGTH).optional() }),
        response: {
          201: z.object({ photo: parkPhotoSchema }),
          400: errorSchema,
          413: errorSchema,
          415: errorSchema,
          ...guardResponses,
        },
      },
    },
    async (request, reply) => {
      const alt = request.query.alt?.trim() ?? "";
      if (!alt) throw badRequest(ALT_MISSING);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0)
        throw new HttpError(415, PHOTO_TYPE_REFUSED);
      const photo = await addPhoto(app.ctx, signedInAdmin(request), { alt, original: request.body });
      return reply.status(201).send({ photo });
    },
  );

  app.delete(
    "/photos/:id",
    {
      schema: {
        tags,
        summary: "Delete a park photo and its sizes",
        security: adminSecurity,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: okSchema, 404: errorSchema, ...guardResponses },
      },
    },
    async (request) => {
      await deletePhoto(app.ctx, signedInAdmin(request), request.params.id);
      return { message: "Kuva poistettu." };
    },
  );

  app.put(
    "/photos/order",
    {
      schema: {
        tags,
        summary: "Put the park photos in this order (every photo's id once)",
        security: adminSecurity,
        body: z.object({ ids: z.array(z.number().int().positive()).max(1000) }),
        response: { 200: okSchema, 400: errorSchema, 409: errorSchema, ...guardResponses },
      },
    },
    async (request) => {
      await reorderPhotos(app.ctx, signedInAdmin(request), request.body.ids);
      return { message: "Järjestys tallennettu." };
    },
  );
};
