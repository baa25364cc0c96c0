import { explanationOf, messageOf, NETWORK_ERROR_MESSAGE } from "../../src/web/layout/ErrorScreen";

test("a browser's raw network error is explained in Finnish, and its own message is kept", () => {
  for (const raw of [
    "Failed to fetch",
    "NetworkError when attempting to fetch resource.",
    "Load failed",
    "Failed to fetch dynamically imported module: http://localhost:3000/assets/AdminArea-x.js",
    "Importing a module script failed.",
  ]) {
    expect(explanationOf(new TypeError(raw))).toBe(NETWORK_ERROR_MESSAGE);
    expect(messageOf(new TypeError(raw))).toBe(raw);
  }
});

test("other errors get no explanation: their message, or 'Tuntematon virhe.'", () => {
  expect(explanationOf(new Error("Varausta ei löytynyt."))).toBeNull();
  expect(messageOf(new Error("Varausta ei löytynyt."))).toBe("Varausta ei löytynyt.");
  expect(explanationOf(undefined)).toBeNull();
  expect(messageOf(undefined)).toBe("Tuntematon virhe.");
});
