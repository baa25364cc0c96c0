import { newIdempotencyKey } from "../../src/client/idempotencyKey";

test("each attempt gets a new unguessable key the server accepts", () => {
  const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});
