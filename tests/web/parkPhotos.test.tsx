// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ParkPhoto } from "../../src/domain/photos";
import { ParkPhotos } from "../../src/web/components/ParkPhotos";
import { BASE, createAdminHarness, idToken, signedInWith } from "../machines/adminPathSupport";

/*
 * The park's photos (decision 032): on the public pages as <picture> elements with their sizes
 * (only the home page's first photo fetched at once), and hallintapaneeli's section that uploads,
 * orders and deletes them through the real admin area (token policy, HTTP client, section machine).
 */

const photo = (id: number, alt: string): ParkPhoto => ({
  id,
  alt,
  width: 1700,
  height: 1000,
  sizes: [480, 960, 1600].flatMap((width) =>
    (["avif", "webp"] as const).map((format) => ({
      format,
      width,
      height: Math.round((width * 1000) / 1700),
      url: `/api/v2/photos/${id}/00000000000000a${id}/${width}.${format}`,
    })),
  ),
});
const PHOTOS = [photo(1, "Aidattu nurmikenttä"), photo(2, "Portti ja pysäköintialue")];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ParkPhotos", () => {
  const answer = (photos: ParkPhoto[]) =>
    vi.stubGlobal("fetch", async (url: string) => {
      if (url !== "/api/v2/photos") throw new TypeError(`unexpected request ${url}`);
      return Response.json({ photos });
    });

  it("fetches the hero's first photo at once in AVIF or WebP at its size, and the rest lazily", async () => {
    answer(PHOTOS);
    const { container } = render(<ParkPhotos priority fallback={<p>Piirretty puisto</p>} />);
    const first = await screen.findByRole("img", { name: "Aidattu nurmikenttä" });
    expect(screen.queryByText("Piirretty puisto")).toBeNull();
    expect(first).toHaveAttribute("width", "1700");
    expect(first).toHaveAttribute("height", "1000");
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(first).toHaveAttribute(
      "srcset",
      "/api/v2/photos/1/00000000000000a1/480.webp 480w, /api/v2/photos/1/00000000000000a1/960.webp 960w, /api/v2/photos/1/00000000000000a1/1600.webp 1600w",
    );
    expect(first).toHaveAttribute("src", "/api/v2/photos/1/00000000000000a1/960.webp");
    const avif = container.querySelector('picture source[type="image/avif"]')!;
    expect(avif.getAttribute("srcset")).toContain("/api/v2/photos/1/00000000000000a1/1600.avif 1600w");
    const rest = within(screen.getByRole("list", { name: "Lisää kuvia puistosta" })).getByRole("img");
    expect(rest).toHaveAccessibleName("Portti ja pysäköintialue");
    expect(rest).toHaveAttribute("loading", "lazy");
    expect(rest).not.toHaveAttribute("fetchpriority");
  });

  it("fetches none at once off the home page, and shows the drawn park when there are no photos", async () => {
    answer(PHOTOS);
    render(<ParkPhotos />);
    const first = await screen.findByRole("img", { name: "Aidattu nurmikenttä" });
    expect(first).toHaveAttribute("loading", "lazy");
    expect(first).not.toHaveAttribute("fetchpriority");
    cleanup();

    answer([]);
    render(<ParkPhotos priority fallback={<p>Piirretty puisto</p>} />);
    expect(screen.getByText("Piirretty puisto")).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText("Piirretty puisto")).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });
});

describe("hallintapaneeli's Puiston kuvat", () => {
  const app = createAdminHarness();
  const TOKEN = idToken("admin", BASE + 3_600_000);

  it("uploads a camera photo with its description, refuses one without, orders and deletes", async () => {
    const user = userEvent.setup();
    await app.render({ path: "/hallinta/hallintapaneeli", token: signedInWith(TOKEN) });
    await app.answerApi("GET", "/api/v2/admin/photos", 200, { photos: [] });
    const section = await screen.findByRole("region", { name: "Puiston kuvat" });
    await within(section).findByText("Kuvia ei ole vielä lisätty.");
    expect(within(section).getByLabelText("Kuva")).toHaveAttribute("accept", "image/*");

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "IMG_0001.jpg", { type: "image/jpeg" });
    await user.upload(within(section).getByLabelText("Kuva"), file);
    await user.click(within(section).getByRole("button", { name: "Lisää kuva" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "Kirjoita kuvalle kuvaus (vaihtoehtoinen teksti): mitä kuvassa näkyy.",
    );
    expect(app.calls.some((c) => c.url.startsWith("/api/v2/admin/photos?"))).toBe(false);

    await user.type(within(section).getByLabelText(/^Kuvaus/), "Aidattu nurmikenttä");
    await user.click(within(section).getByRole("button", { name: "Lisää kuva" }));
    await app.answerApi("POST", "/api/v2/admin/photos?alt=Aidattu%20nurmikentt%C3%A4", 201, {
      photo: PHOTOS[0],
    });
    await app.answerApi("GET", "/api/v2/admin/photos", 200, { photos: PHOTOS });
    await within(section).findByText("Kuva lisätty.");
    expect(within(section).getByRole("img", { name: "Aidattu nurmikenttä" })).toBeInTheDocument();

    expect(
      within(section).getByRole("button", { name: "Siirrä ylemmäs: Aidattu nurmikenttä" }),
    ).toBeDisabled();
    await user.click(within(section).getByRole("button", { name: "Siirrä alemmas: Aidattu nurmikenttä" }));
    await app.answerApi("PUT", "/api/v2/admin/photos/order", 200, {
      message: "Järjestys tallennettu.",
    });
    await app.answerApi("GET", "/api/v2/admin/photos", 200, { photos: [PHOTOS[1], PHOTOS[0]] });
    await within(section).findByText("Järjestys tallennettu.");

    await user.click(within(section).getByRole("button", { name: "Poista kuva: Portti ja pysäköintialue" }));
    await user.click(within(section).getByRole("button", { name: "Kyllä, poista kuva" }));
    await app.answerApi("DELETE", "/api/v2/admin/photos/2", 200, { message: "Kuva poistettu." });
    await app.answerApi("GET", "/api/v2/admin/photos", 200, { photos: [PHOTOS[0]] });
    await within(section).findByText("Kuva poistettu.");
    await waitFor(() => expect(within(section).getAllByRole("img")).toHaveLength(1));
  });
});
