import { createElement, use, type ComponentType } from "react";

/** A page whose code is a chunk of its own: `preload` starts the download, `loaded` says it is here. */
export type LazyPage = ComponentType & { preload(): Promise<void>; loaded(): boolean };

/**
 * A page that is a chunk of its own, loaded when it is first rendered (decision 019: a first load
 * carries only what its page shows). Navigations run in a transition (react-router's
 * BrowserRouter), so while the chunk loads the page being left stays on screen and nothing below
 * it jumps. A chunk that fails to load is thrown to the error screen like any render error.
 * `preloadAll` loads every page made with the same list, for the prerender and view tests.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  all?: (() => Promise<void>)[],
): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = pick(module);
    }));
  function Page() {
    if (!Loaded) use(preload());
    return createElement(Loaded!);
  }
  all?.push(preload);
  return Object.assign(Page, { preload, loaded: () => Loaded !== undefined });
}

/** Every page of a list made by `lazyPage`, loaded. */
export async function preloadAll(all: (() => Promise<void>)[]): Promise<void> {
  await Promise.all(all.map((preload) => preload()));
}
