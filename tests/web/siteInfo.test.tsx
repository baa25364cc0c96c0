// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { bookingApi } from "../../src/client/reservations";
import { memberBookingApi } from "../../src/client/memberReservations";
import { reloadSiteInfo, useSiteInfo } from "../../src/web/useSiteInfo";
import { siteFixture } from "../support/site";

/*
 * The park's details are read one way (issue 33): the views' useSiteInfo, the checkout's
 * bookingApi.site() and the member's maxDogs() share one kept copy of GET /api/v2/site. Only the
 * browser's fetch is fake (the API server is outside), and it counts what reaches it.
 */

let requests: number;
let answer: () => Response;

beforeEach(() => {
  requests = 0;
  answer = () => Response.json(siteFixture(3));
  vi.stubGlobal("fetch", async (url: string) => {
    if (!url.startsWith("/api/v2/site")) return Response.json({ message: "Ei löytynyt." }, { status: 404 });
    requests++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return answer();
  });
  reloadSiteInfo();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A reader outside React whose answer also updates the view: awaited inside act. */
async function inAct<T>(read: () => Promise<T>): Promise<T> {
  let result: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  await act(async () => {
    result = await read().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  });
  if (!result!.ok) throw result!.error;
  return result!.value;
}

function ParkName() {
  const info = useSiteInfo();
  return <p>{info.site?.park.name ?? info.error ?? "Ladataan"}</p>;
}

test("the footer's details, the checkout's and the member's maximum of dogs come from one request", async () => {
  render(<ParkName />);
  const [site, maxDogs] = await inAct(() => Promise.all([bookingApi.site(), memberBookingApi.maxDogs()]));
  expect(await screen.findByText("Koirapuisto")).toBeInTheDocument();
  expect(site.slotRules.maxDogs).toBe(3);
  expect(maxDogs).toBe(3);
  // Later readers get the kept copy.
  expect((await bookingApi.site()).park.name).toBe("Koirapuisto");
  expect(requests).toBe(1);
});

test("a failed load is told to its readers and tried again by the next one", async () => {
  answer = () => Response.json({ message: "Palvelu ei vastaa." }, { status: 503 });
  render(<ParkName />);
  await expect(inAct(() => bookingApi.site())).rejects.toThrow();
  expect(await screen.findByText("Palvelu ei vastaa.")).toBeInTheDocument();
  answer = () => Response.json(siteFixture(2));
  expect(await inAct(() => memberBookingApi.maxDogs())).toBe(2);
  // The view shows the details the retry brought.
  expect(await screen.findByText("Koirapuisto")).toBeInTheDocument();
  expect(requests).toBe(2);
});

test("reloadSiteInfo drops the kept copy: an admin's edit of the park's details shows", async () => {
  render(<ParkName />);
  expect(await screen.findByText("Koirapuisto")).toBeInTheDocument();
  answer = () => Response.json({ ...siteFixture(5), park: { ...siteFixture(5).park, name: "Uusi puisto" } });
  act(() => reloadSiteInfo());
  expect(await screen.findByText("Uusi puisto")).toBeInTheDocument();
  expect((await bookingApi.site()).slotRules.maxDogs).toBe(5);
  expect(requests).toBe(2);
});
