import { z } from "zod";

/** The error answers every admin route declares: every error leaves as { message } in Finnish. */
export const errorSchema = z.object({ message: z.string() });

/** 401 (no, bad or ended sign-in), 403 (not an admin), 503 (the identity provider did not answer). */
export const guardResponses = { 401: errorSchema, 403: errorSchema, 503: errorSchema } as const;

/** The OpenAPI security of every admin route. */
export const adminSecurity = [{ adminIdToken: [] }];
