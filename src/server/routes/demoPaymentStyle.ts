import { readFileSync } from "node:fs";

/*
 * The demo payment page's styles (server-rendered at /maksu/demo): the site's own design tokens
 * (src/web/tokens.css, read once) and a few rules in the site's look, so the page looks like the
 * park's rather than a bare form (decision 031). Inline: the page has no bundle of its own.
 */
const tokens = readFileSync(new URL("../../web/tokens.css", import.meta.url), "utf8").replace(
  /\/\*[\s\S]*?\*\//g,
  "",
);

export const demoPageStyle = `${tokens.replace(/\s+/g, " ").trim()}
*{box-sizing:border-box}
body{margin:0;background:var(--color-bg);color:var(--color-text);font-family:var(--font);line-height:var(--leading)}
header{background:var(--color-brand);color:var(--color-on-dark);padding:var(--space-3) var(--space-4);font-weight:var(--weight-heading);font-size:var(--text-lg)}
header span{display:block;max-width:28rem;margin:0 auto}
main{max-width:28rem;margin:var(--space-5) auto;padding:var(--space-5);background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius);box-shadow:var(--shadow)}
h1{font-size:var(--text-2xl);line-height:var(--leading-tight);margin:0 0 var(--space-3)}
.demo{background:var(--color-notice);border:1px solid var(--color-notice-border);padding:var(--space-2) var(--space-3);border-radius:var(--radius-md)}
.amount{font-size:var(--text-3xl);font-weight:var(--weight-heading);margin:var(--space-1) 0}
fieldset{border:1px solid var(--color-border);border-radius:var(--radius-md);margin:var(--space-4) 0;padding:var(--space-3)}
legend{font-weight:var(--weight-strong)}label{margin-right:var(--space-4)}
button{font:inherit;font-weight:var(--weight-strong);min-height:2.75rem;padding:.6rem 1.25rem;border-radius:var(--radius-pill);cursor:pointer;margin:var(--space-1) 0}
.pay{width:100%;background:var(--color-accent);border:2px solid var(--color-accent);color:var(--color-on-accent)}
.pay:hover{background:var(--color-accent-hover);border-color:var(--color-accent-hover)}
.cancel{width:100%;background:var(--color-surface);border:2px solid var(--color-primary);color:var(--color-primary)}
a{color:var(--color-primary)}
:focus-visible{outline:var(--focus-ring);outline-offset:2px;box-shadow:var(--focus-gap)}`;
