import * as z from "zod/mini";
import { fi } from "zod/locales";

/*
 * Validation messages in Finnish for the forms that show zod's own messages (checkout, the admin
 * area). Imported by those modules rather than by the shell, so that the locale stays out of the
 * first load of / (decision 019). The setting is zod's core's, shared by zod/mini and the full API.
 */
z.config(fi());
