import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { photoListSchema } from "../../domain/photos.js";
import { notFound } from "../errors.js";
import { PHOTO_FORMATS, listPhotos, photoSizeData } from "../photos/index.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The park's photos: the list (home and newcomers pages) and each size's bytes (decision 032). */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/photos",
    {
      schema: {
        tags: ["site"],
        summary: "The park's photos in order, with alt text and their responsive sizes",
        response: { 200: photoListSchema },
      },
    },
    async () => listPhotos(app.ctx.db),
  );

  app.get(
    "/photos/:id/:hash/:file",
    {
      schema: {
        tags: ["site"],
        summary: "One size of a photo (the address has its content hash: cached for a year)",
        params: z.object({
          id: z.coerce.number().int().positive().max(2_147_483_647),
          hash: z.string().regex(/^[0-9a-f]{16}$/),
          file: z.string().regex(/^\d{1,5}\.(avif|webp)$/),
        }),
      },
    },
    async (request, reply) => {
      const { id, hash, file } = request.params;
      const [width, format] = file.split(".") as [string, (typeof PHOTO_FORMATS)[number]];
      // The bytes under an address never change, so the address itself is the validator.
      const etag = `"${hash}-${file}"`;
      reply.header("cache-control", IMMUTABLE).header("etag", etag);
      const data = await photoSizeData(app.ctx.db, { id, hash, width: Number(width), format });
      if (!data) {
        reply.header("cache-control", "no-cache");
        throw notFound("Kuvaa ei löydy.");
      }
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type(`image/${format}`).send(data);
    },
  );
};
