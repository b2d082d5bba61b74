/**
 * The route patterns of the app as its router declares them, read from the
 * source: every `<Route>` of the files that hold route tables, under the
 * prefix where each table is mounted, and the console's sections from
 * console-sections.ts. A file that gains a `<Route>` table and is not known
 * here makes `appRoutePatterns` throw, so a new area cannot slip past the
 * quality sweep either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readDeclaredRoutes } from '../../../build/route-table-source.ts';

const ROOT = path.resolve('.');

/** Route-table files and where each is mounted (the console's section files are added from console-sections.ts). */
const MOUNTED_TABLES: Record<string, string> = {
  'src/app/AppRoutes.tsx': '',
  'src/app/more-routes.tsx': '',
  'src/features/driver/DeliveryArea.tsx': '/delivery',
  'src/features/admin/AdminArea.tsx': '/admin',
  'src/features/admin/ConsoleLayout.tsx': '/admin',
};

const CONSOLE_SECTIONS_FILE = 'src/features/admin/console-sections.ts';

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

function tsxFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return tsxFiles(relative);
    return entry.name.endsWith('.tsx') ? [relative] : [];
  });
}

/** The console's sections: path under /admin and the file of its screen. */
function consoleSections(): { path: string; file: string }[] {
  const source = read(CONSOLE_SECTIONS_FILE);
  const sections = [...source.matchAll(/\{\s*path:\s*'([^']*)'[^\n]*?import\('\.\/([^']+)'\)/g)].map((match) => ({
    path: match[1] ?? '',
    file: `src/features/admin/${match[2] ?? ''}`,
  }));
  if (sections.length === 0) throw new Error(`no console section found in ${CONSOLE_SECTIONS_FILE}`);
  return sections;
}

function join(prefix: string, routePath: string): string {
  const joined = `${prefix}/${routePath}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return joined === '' ? '/' : joined;
}

/**
 * The paths (and index routes) of one route table, under its prefix, read
 * with TypeScript's parser as the build reads the app's table
 * (build/route-table-source.ts); layout routes without a path add none.
 */
function patternsOf(file: string, prefix: string): string[] {
  return readDeclaredRoutes({ fileName: file, source: read(file) }).flatMap((route) => {
    if (!route.computed) return [join(prefix, route.path)];
    // The console's sections are mounted from console-sections.ts, which consoleSections() reads.
    if (file === 'src/features/admin/ConsoleLayout.tsx') return [];
    throw new Error(`${file} declares a computed route path: teach tests/e2e/support/app-routes.ts to read it`);
  });
}

/** Every route pattern of the app, e.g. '/stores/:city/:restaurant', '/admin/users/:id', '/delivery/*'. */
export function appRoutePatterns(): string[] {
  const tables = new Map(Object.entries(MOUNTED_TABLES));
  const sections = consoleSections();
  const patterns = new Set<string>();
  for (const section of sections) {
    const sectionPatterns = patternsOf(section.file, `/admin/${section.path}`);
    if (sectionPatterns.length > 0) tables.set(section.file, `/admin/${section.path}`);
    // A section without a table of its own is one screen.
    else patterns.add(join('/admin', section.path));
  }
  const withRoutes = tsxFiles('src').filter((file) => /<Route\b/.test(read(file)));
  const unknown = withRoutes.filter((file) => !tables.has(file));
  if (unknown.length > 0) {
    throw new Error(`route tables the quality sweep does not know where they are mounted: ${unknown.join(', ')} (add them to tests/e2e/support/app-routes.ts)`);
  }
  for (const [file, prefix] of tables) for (const pattern of patternsOf(file, prefix)) patterns.add(pattern);
  // A catch-all ('/*', '/delivery/*', '/admin/*') stands for the not-found screen of its area.
  return [...patterns].sort();
}
