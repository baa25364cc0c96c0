// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LightsOverview } from "../../src/domain/admin/lights";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * The lights' panel on toiminta (decision 035) in the real admin area, with the API answered by
 * the test: the state and the latest switches (a failed one with its error), and the override
 * form sending what the admin chose, the panel showing the override in force after it.
 */

const TOKEN = idToken("admin", BASE + 3_600_000);
const app = createAdminHarness();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const LIGHTS: LightsOverview = {
  provider: "shelly",
  target: "http://192.168.1.20 (kytkin 1)",
  state: "on",
  automaticOn: true,
  graceMinutes: 10,
  override: null,
  switches: [
    { at: "2026-11-26T16:56:00+02:00", on: true, reason: "booking", result: "ok", error: null, attempts: 2 },
    {
      at: "2026-11-26T12:10:00+02:00",
      on: false,
      reason: "schedule",
      result: "failed",
      error: "fetch failed",
      attempts: 1,
    },
  ],
};

describe("valot on toiminta", () => {
  it("shows the lights' state and switches, and sets an override until a time", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/v2/toiminta", token: signedInWith(TOKEN) });
    const post = vi.spyOn(app.http, "post");
    await app.answerApi("GET", "/api/v2/admin/operations/lights", 200, LIGHTS);

    const panel = await screen.findByRole("region", { name: "Valot" });
    expect(within(panel).getByRole("status")).toHaveTextContent(
      "Valot päällä (Shelly-rele). Varausten mukaan: päällä. Pimeällä valot palavat portin avautumisesta varauksen loppuun ja 10 min sen jälkeen.",
    );
    const rows = within(panel).getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent(/päälle · varaus pimeällä · onnistui \(2\. yritys\)$/);
    expect(rows[1]).toHaveTextContent(/pois · ei varauksia · epäonnistui · fetch failed$/);

    await user.selectOptions(within(panel).getByLabelText("Ohjaus"), "off");
    fireEvent.change(within(panel).getByLabelText("Asti (tyhjä: seuraavaan muutokseen)"), {
      target: { value: "2026-11-26T21:00" },
    });
    await user.click(within(panel).getByRole("button", { name: "Aseta" }));
    expect(post).toHaveBeenCalledWith("/api/v2/admin/operations/lights/override", {
      mode: "off",
      until: "2026-11-26T21:00:00.000+02:00",
    });
    await app.answerApi("POST", "/api/v2/admin/operations/lights/override", 200, LIGHTS);
    await app.answerApi("GET", "/api/v2/admin/operations/lights", 200, {
      ...LIGHTS,
      state: "off",
      override: { mode: "off", until: "2026-11-26T21:00:00+02:00" },
      switches: [{ ...LIGHTS.switches[0]!, on: false, reason: "manual", attempts: 1 }, ...LIGHTS.switches],
    });
    expect(await within(panel).findByText("Käsiohjaus asetettu.")).toBeInTheDocument();
    expect(panel).toHaveTextContent(/Valot pois \(Shelly-rele\)\. Käsiohjaus: pois .*21\.00 asti\./);
    expect(within(panel).getAllByRole("listitem")[0]).toHaveTextContent("pois · käsiohjaus · onnistui");
  });
});
