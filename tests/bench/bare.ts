/**
 * The ceiling: a bare Fastify JSON route in a process of its own (GET and POST), for the bench's
 * ratio. Reports `{ type: "listening", port }` to the bench.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ ok: true, at: new Date().toISOString() }));
app.post("/bare", async (request) => ({
  ok: true,
  got: (request.body as { email?: string })?.email ?? null,
}));
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({ type: "listening", port: typeof address === "object" && address ? address.port : 0 });
process.on("disconnect", () => void app.close().then(() => process.exit(0)));
