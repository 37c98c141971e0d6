import type express from 'express';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/**
 * Every route an Express app declares, as "METHOD /api<path>" (the app is mounted at /api),
 * sorted and each listed once. Read by the tests that hold the router to the API's typed
 * contract and to the security suite's table of endpoints.
 */
export function declaredRoutes(app: express.Express): string[] {
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          found.add(`${method.toUpperCase()} /api${layer.route.path}`);
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found].sort();
}
