/**
 * The built files a route needs for its first render: the chunk the router's code splitting made
 * of the route's component, every chunk it imports statically, and their stylesheets. Used to add
 * preload hints (and inline styles) for a page's route to its HTML.
 */
import type { Rolldown } from 'vite';

export type RouteFiles = { scripts: string[]; styles: string[] };

/** `routeModule`: the route file, e.g. 'src/web/routes/index.tsx'. */
export function routeChunkFiles(bundle: Rolldown.OutputBundle, routeModule: string): RouteFiles {
  const chunks = Object.values(bundle).filter(
    (item): item is Rolldown.OutputChunk => item.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const split = `${routeModule}?tsr-split`;
  const route = chunks.find((chunk) => chunk.facadeModuleId?.includes(split));
  if (!route) throw new Error(`no chunk for ${split}`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    if (scripts.has(fileName)) return;
    scripts.add(fileName);
    const chunk = byFile.get(fileName);
    chunk?.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(route.fileName);
  return { scripts: [...scripts], styles: [...styles] };
}
