import { messageOf, NETWORK_ERROR_MESSAGE } from "../../src/web/layout/ErrorScreen";

test("a browser's raw network error never reaches the user: it is said in Finnish", () => {
  for (const raw of [
    "Failed to fetch",
    "NetworkError when attempting to fetch resource.",
    "Load failed",
    "Failed to fetch dynamically imported module: http://localhost:3000/assets/AdminArea-x.js",
    "Importing a module script failed.",
  ])
    expect(messageOf(new TypeError(raw))).toBe(NETWORK_ERROR_MESSAGE);
  expect(messageOf(new Error("Varausta ei löytynyt."))).toBe("Varausta ei löytynyt.");
  expect(messageOf(undefined)).toBe("Tuntematon virhe.");
});
