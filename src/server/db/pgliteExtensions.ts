import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The contrib extensions the migrations create (btree_gist for the exclusion constraints, pg_trgm
 * for substring search): PGlite can create only those it was started with, so every PGlite opened
 * on our schema is given these.
 */
export const pgliteExtensions = { btree_gist, pg_trgm };
