import { z } from "zod";
import { fi } from "zod/locales";

/*
 * Validation messages in Finnish for the forms that show zod's own messages (checkout, the admin
 * area). Imported by those modules rather than by the shell, so that the locale and the full zod API
 * stay out of the first load of / (decision 019).
 */
z.config(fi());
