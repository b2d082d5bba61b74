/**
 * The build's preload map (build/route-preloads.ts): the route table read as
 * written, each route's files taken from the bundle, and what the document
 * loads left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { documentFilesOf, routePreloadsOf } from '../../../build/route-preloads.ts';
import { readRouteTable, readScreenModules } from '../../../build/route-table-source.ts';

const ROOT = path.resolve('.');
const SCREENS = path.join(ROOT, 'src/app/screens.ts');
const ROUTE_TABLE = path.join(ROOT, 'src/app/more-routes.tsx');

describe('the route table, read from its source', () => {
  const screens = readScreenModules(SCREENS, readFileSync(SCREENS, 'utf8'));
  const routes = readRouteTable({ fileName: ROUTE_TABLE, source: readFileSync(ROUTE_TABLE, 'utf8') }, screens);

  it('knows the module of every lazy screen screens.ts exports, and each exists', () => {
    const exported = [...readFileSync(SCREENS, 'utf8').matchAll(/^export const (\w+) = lazyScreen\(/gm)].map((match) => match[1]);
    expect([...screens.keys()].sort()).toEqual(exported.sort());
    for (const module of screens.values()) expect(existsSync(module), module).toBe(true);
  });

  it('gives every route its full path and its screen module', () => {
    const byPath = new Map(routes.map((route) => [route.path, route.screenModule]));
    expect(byPath.get('/login')).toBe(path.join(ROOT, 'src/features/auth/auth-screens.tsx'));
    // Under the tab bar's layout route, which has no path of its own.
    expect(byPath.get('/explore')).toBe(path.join(ROOT, 'src/features/explore/explore-screens.tsx'));
    expect(byPath.get('/stores/:city/:restaurant')).toBe(path.join(ROOT, 'src/features/stores/store-screens.tsx'));
    expect(byPath.get('/delivery/*')).toBe(path.join(ROOT, 'src/features/driver/DeliveryArea.tsx'));
    // The not-found screen is in the table's own chunk.
    expect(byPath.get('/*')).toBeNull();
    const declared = [...readFileSync(ROUTE_TABLE, 'utf8').matchAll(/<Route path="([^"]+)"/g)].map((match) => `/${match[1]}`);
    expect(routes.map((route) => route.path).sort()).toEqual(declared.sort());
  });

  it('joins nested paths, follows inline imports, and refuses a screen screens.ts does not load', () => {
    const fixtureScreens = readScreenModules(
      '/app/src/app/screens.ts',
      "import { lazyScreen } from './lazy-screen.tsx';\nconst shop = () => import('../shop/shop.tsx');\n" +
        "export const Shop = lazyScreen(() => shop().then((m) => m.Shop));\n" +
        "export const Admin = lazyScreen(() => import('../admin/Admin.tsx').then((m) => m.Admin));\n",
    );
    expect(Object.fromEntries(fixtureScreens)).toEqual({ Shop: '/app/src/shop/shop.tsx', Admin: '/app/src/admin/Admin.tsx' });
    const table = (element: string) => ({
      fileName: '/app/src/app/routes.tsx',
      source: `const T = (<Route path="shop" element={<Layout />}><Route path=":id" element={${element}} /><Route element={<Frame />}><Route path="admin/*" element={<Screens.Admin />} /></Route></Route>);`,
    });
    expect(readRouteTable(table('<Screens.Shop />'), fixtureScreens)).toEqual([
      { path: '/shop', screenModule: null },
      { path: '/shop/:id', screenModule: '/app/src/shop/shop.tsx' },
      { path: '/shop/admin/*', screenModule: '/app/src/admin/Admin.tsx' },
    ]);
    expect(() => readRouteTable(table('<Screens.Missing />'), fixtureScreens)).toThrow(/Screens\.Missing/);
  });
});

function chunk(fileName: string, options: Partial<Rolldown.OutputChunk> & { css?: string[] } = {}): Rolldown.OutputChunk {
  const { css = [], ...rest } = options;
  return {
    type: 'chunk',
    fileName,
    imports: [],
    moduleIds: [],
    facadeModuleId: null,
    isEntry: false,
    ...rest,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk;
}

describe('each route’s files in a bundle', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/runtime.js'),
      chunk('assets/first-route.js', { isEntry: true, facadeModuleId: '/src/main.tsx', imports: ['assets/runtime.js'], css: ['assets/first-route.css'] }),
      chunk('assets/more-routes.js', { facadeModuleId: '/src/app/more-routes.tsx', imports: ['assets/runtime.js', 'assets/first-route.js'] }),
      chunk('assets/kit.js', { imports: ['assets/first-route.js'], css: ['assets/kit.css'] }),
      chunk('assets/session.js', { imports: ['assets/kit.js'] }),
      chunk('assets/auth.js', { facadeModuleId: '/src/auth.tsx', imports: ['assets/first-route.js', 'assets/session.js'], css: ['assets/auth.css'] }),
      chunk('assets/dock.js', { facadeModuleId: '/src/dock.tsx', imports: ['assets/first-route.js', 'assets/kit.js'] }),
    ].map((output) => [output.fileName, output]),
  ) as Rolldown.OutputBundle;

  const modules = {
    routeTable: '/src/app/more-routes.tsx',
    withEveryScreen: ['/src/dock.tsx'],
    document: ['/assets/runtime.js', '/assets/first-route.js', '/assets/first-route.css'],
  };

  it("are the table, what paints with every screen, the screen and what they import, scripts first, without what the document loads; the home's, what paints with every screen", () => {
    const preloads = routePreloadsOf(
      bundle,
      [
        { path: '/login', screenModule: '/src/auth.tsx' },
        { path: '/*', screenModule: null },
      ],
      modules,
      '/',
    );
    expect(preloads).toEqual([
      { path: '/', files: ['/assets/dock.js', '/assets/kit.js', '/assets/kit.css'] },
      {
        path: '/login',
        files: ['/assets/more-routes.js', '/assets/dock.js', '/assets/kit.js', '/assets/auth.js', '/assets/session.js', '/assets/kit.css', '/assets/auth.css'],
      },
      { path: '/*', files: ['/assets/more-routes.js', '/assets/dock.js', '/assets/kit.js', '/assets/kit.css'] },
    ]);
  });

  it('fails the build when a screen module is in no chunk', () => {
    expect(() => routePreloadsOf(bundle, [{ path: '/gone', screenModule: '/src/gone.tsx' }], modules, '/')).toThrow(/gone\.tsx/);
  });
});

describe("the document's own files", () => {
  it('are the module scripts, module preloads and style sheets of the built index.html under the base, scripts first', () => {
    const html = `<!doctype html><html><head>
      <script>window.worker = new Worker("/assets/sync-worker-1.js", { type: 'module' })</script>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <script type="module" crossorigin src="/assets/rolldown-runtime-2.js"></script>
      <link rel="stylesheet" crossorigin href="/assets/first-route-3.css">
      <script type="module" crossorigin src="/assets/first-route-4.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-5.js">
      <script type="module" src="https://elsewhere.example/x.js"></script>
    </head><body><div id="root"></div></body></html>`;
    expect(documentFilesOf(html, '/')).toEqual(['/assets/rolldown-runtime-2.js', '/assets/first-route-4.js', '/assets/vendor-5.js', '/assets/first-route-3.css']);
  });
});
