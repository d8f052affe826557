/**
 * One chunk for the code the first screen of / runs, instead of a file per module it shares with
 * other screens. The build had split that code into 19 files of 0.2-3 KB, all preloaded from
 * index.html; on a slow lab machine (the web bench: 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s)
 * issuing those requests took the page's main thread about 110 ms before its first paint.
 *
 * Once the module graph is complete, the plugin collects our own modules that the entry and the
 * / route's component import statically; the group's test puts them in the chunk
 * `first-screen`, and rolldown brings the package modules they import along. So none of them may
 * import what only lazy screens need: the group takes a module's whole import graph, used or not
 * (this is why ui/toast.ts leaves Ark's toast store to the lazy toaster). The entry and the
 * component keep their own chunks: the entry's is what index.html loads and the Vite manifest
 * names, the component's is the one the router imports lazily and the prerender looks for.
 * Other pages load this chunk too: it is the login screens' code, where nearly every visit
 * starts, and is cached from then on.
 */
import type { Plugin } from 'vite';

const SCRIPT = /\.(?:[cm]?[jt]sx?)(?:\?|$)/u;

export type FirstScreenChunk = {
  plugin: Plugin;
  /** The codeSplitting group's test: true for a module of the first screen. */
  test(id: string): boolean;
};

/** `routeModule`: the route file whose split component the first screen shows. */
export function firstScreenChunk(routeModule: string): FirstScreenChunk {
  const members = new Set<string>();
  const routeComponent = `${routeModule}?tsr-split=component`;
  const plugin: Plugin = {
    name: 'portal:first-screen-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      // An HTML entry's own module only imports its scripts: those are where the app starts.
      const entryScripts = ids
        .filter((id) => this.getModuleInfo(id)?.isEntry)
        .flatMap((id) =>
          id.endsWith('.html') ? (this.getModuleInfo(id)?.importedIds ?? []) : [id],
        );
      const starts = new Set([...entryScripts, ...ids.filter((id) => id.endsWith(routeComponent))]);
      const pending = [...starts];
      const seen = new Set(pending);
      while (pending.length > 0) {
        const id = pending.pop() as string;
        for (const imported of this.getModuleInfo(id)?.importedIds ?? [])
          if (!seen.has(imported)) {
            seen.add(imported);
            pending.push(imported);
          }
      }
      // Our own modules: the packages they import come with them.
      for (const id of seen)
        if (SCRIPT.test(id) && !id.includes('/node_modules/') && !starts.has(id)) members.add(id);
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
