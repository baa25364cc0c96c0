import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a Shelly Gen2 relay on the LAN (the device is outside the product): answers its
 * HTTP RPC like the device, or, when down, drops every connection unanswered. Records each request.
 */
export async function fakeShelly() {
  const requests: string[] = [];
  let down = false;
  const server: Server = createServer((req, res) => {
    requests.push(req.url!);
    if (down) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: 0, source: "init", output: false, temperature: { tC: 41.2 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setDown: (value: boolean) => void (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
