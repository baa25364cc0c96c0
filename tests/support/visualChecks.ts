import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/*
 * What a person would notice on a rendered page and a machine can hold (issue 32): the page scrolls
 * sideways; axe finds a violation; a visible text is nearly the colour of what is behind it (axe
 * leaves a text "incomplete" when it cannot tell the background, as with the admin's white-on-white
 * "Kirjaudu ulos", so this check composites the backgrounds itself and holds a floor of 1.5:1).
 */

/** The lowest contrast a visible text may have against what is behind it. */
export const MIN_VISIBLE_CONTRAST = 1.5;

/**
 * How far the page is wider than the window, in CSS pixels, and the innermost elements that reach
 * past its right edge (none when it does not scroll sideways).
 */
export async function sidewaysScroll(page: Page): Promise<{ px: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const px = Math.max(0, root.scrollWidth - window.innerWidth);
    if (px === 0) return { px, culprits: [] };
    const past = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`;
    return { px, culprits: innermost.slice(0, 3).map(name) };
  });
}

/** axe's violations on the page as it stands, each naming its rule and node. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
  );
}

/**
 * Visible texts whose colour is within MIN_VISIBLE_CONTRAST of the background behind them: the
 * element's own and its ancestors' background colours composited down to the page's white. A text
 * over an image or a gradient is left out (its background is not one colour).
 */
export async function nearlyInvisibleTexts(page: Page): Promise<string[]> {
  return page.evaluate((floor) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + below[i]! * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    /** The colour behind an element, or null when an image or gradient is part of it. */
    const backgroundOf = (el: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return null;
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const el = text.parentElement;
      if (!el || seen.has(el) || !text.textContent?.trim()) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      if (style.visibility !== "visible" || Number(style.opacity) === 0) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || el.closest("[aria-hidden='true'], .visually-hidden, .sr-only"))
        continue;
      // A text clipped away to one pixel is for screen readers only.
      if (style.clipPath !== "none" || (style.position === "absolute" && box.width <= 1)) continue;
      const background = backgroundOf(el);
      const colour = parse(style.color);
      if (!background || !colour) continue;
      const fg = over(colour, background);
      const [light, dark] = [luminance(fg), luminance(background)].sort((a, b) => b - a);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      if (ratio < floor) {
        const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""}`;
        found.push(`${name} "${text.textContent.trim().slice(0, 40)}" ${ratio.toFixed(2)}:1`);
      }
    }
    return found;
  }, MIN_VISIBLE_CONTRAST);
}

/** Every check above on the page as it stands, as one list of what a person would see wrong. */
export async function visualProblems(page: Page): Promise<string[]> {
  const wide = await sidewaysScroll(page);
  const primary = await primaryActions(page);
  return [
    ...(wide.px > 0 ? [`scrolls sideways by ${wide.px} px (${wide.culprits.join(", ")})`] : []),
    ...(await nearlyInvisibleTexts(page)).map((t) => `nearly invisible text: ${t}`),
    ...(await axeViolations(page)).map((v) => `axe: ${v}`),
    ...(primary.length > 1 ? [`${primary.length} primary actions: ${primary.join(" | ")}`] : []),
  ];
}

/**
 * The primary actions visible on the page (`.button` that is not secondary, quiet or danger), each
 * as its text: a view shows one (style.md's button hierarchy, issue 32).
 */
export async function primaryActions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".button")]
      .filter((b) => !b.matches(".button-secondary, .button-quiet, .button-danger"))
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(b).visibility === "visible";
      })
      .map((b) => (b.textContent ?? "").trim()),
  );
}
