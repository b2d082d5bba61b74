/**
 * Reads the app's route table as written: which lazy screen module each
 * `<Route path>` of src/app/more-routes.tsx shows, through the loaders of
 * src/app/screens.ts. The paths and the screens stay in those two files; the
 * build (route-preloads.ts) only reads them, with TypeScript's own parser.
 */
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

export interface RouteTableEntry {
  /** The route's full path as React Router joins it, with a leading '/': '/stores/:city/:restaurant'. */
  path: string;
  /** The absolute path of the module the route's lazy screen imports; null when the screen is not a lazy one. */
  screenModule: string | null;
}

function parse(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The specifier of the first `import('…')` under `node`, if any. */
function importedSpecifier(node: ts.Node): string | undefined {
  let found: string | undefined;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = child.arguments;
      if (argument && ts.isStringLiteral(argument)) found = argument.text;
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The names of the functions called under `node` (`auth()` → 'auth'). */
function calledNames(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) && ts.isIdentifier(child.expression)) names.push(child.expression.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

/**
 * screens.ts: every exported screen and the module it loads, whether its
 * loader calls `import('…')` itself or a module-level `const auth = () => import('…')`.
 */
export function readScreenModules(fileName: string, source: string): Map<string, string> {
  const file = parse(fileName, source);
  const loaders = new Map<string, string>();
  const screens = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const name = declaration.name.text;
      const specifier =
        importedSpecifier(declaration.initializer) ??
        calledNames(declaration.initializer).map((called) => loaders.get(called)).find((known) => known !== undefined);
      if (!specifier) continue;
      if (exported) screens.set(name, resolve(dirname(fileName), specifier));
      else loaders.set(name, specifier);
    }
  }
  return screens;
}

function jsxAttribute(element: ts.JsxOpeningLikeElement, name: string): ts.JsxAttribute | undefined {
  return element.attributes.properties.find(
    (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name,
  );
}

/** The tag of the element an `element={<…/>}` attribute holds: 'Screens.LoginScreen'. */
function elementTag(attribute: ts.JsxAttribute | undefined): string | undefined {
  const initializer = attribute?.initializer;
  if (!initializer || !ts.isJsxExpression(initializer) || !initializer.expression) return undefined;
  const expression = initializer.expression;
  if (ts.isJsxSelfClosingElement(expression)) return expression.tagName.getText();
  if (ts.isJsxElement(expression)) return expression.openingElement.tagName.getText();
  return undefined;
}

function joinPaths(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** One `<Route>` of a table as written. */
export interface DeclaredRoute {
  /** Its full path, joined to its parents' as React Router does, with a leading '/'; an index route has its parent's. */
  path: string;
  index: boolean;
  /** `path={…}`: a path computed at run time, which no reader of the source can know. */
  computed: boolean;
  /** The tag of the element it shows: 'Screens.LoginScreen', 'NotFoundScreen'. */
  elementTag: string | undefined;
}

/**
 * Every `<Route>` of a file that declares a path or is an index route, in
 * source order; pathless layout routes only pass their place on to their
 * children. The quality sweep's route list (tests/e2e/support/app-routes.ts)
 * reads the app's tables with it, and readRouteTable the lazy screens.
 */
export function readDeclaredRoutes(routesFile: { fileName: string; source: string }): DeclaredRoute[] {
  const file = parse(routesFile.fileName, routesFile.source);
  const routes: DeclaredRoute[] = [];
  const visit = (node: ts.Node, parentPath: string): void => {
    const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : undefined;
    let childParent = parentPath;
    if (opening && opening.tagName.getText() === 'Route') {
      const pathAttribute = jsxAttribute(opening, 'path');
      const initializer = pathAttribute?.initializer;
      const path = initializer && ts.isStringLiteral(initializer) ? initializer.text : undefined;
      const computed = pathAttribute !== undefined && path === undefined;
      const index = jsxAttribute(opening, 'index') !== undefined;
      childParent = joinPaths(parentPath, path);
      if (path !== undefined || index || computed) {
        routes.push({ path: childParent, index, computed, elementTag: elementTag(jsxAttribute(opening, 'element')) });
      }
    }
    ts.forEachChild(node, (child) => visit(child, childParent));
  };
  visit(file, '/');
  return routes;
}

/**
 * more-routes.tsx: every `<Route>` with a path, nested ones joined to their
 * parents' paths as React Router does, with the screen module its element
 * names through `Screens.<Name>` (screens.ts).
 */
export function readRouteTable(routesFile: { fileName: string; source: string }, screenModules: Map<string, string>): RouteTableEntry[] {
  return readDeclaredRoutes(routesFile)
    .filter((route) => !route.index && !route.computed)
    .map((route) => {
      const screen = route.elementTag?.startsWith('Screens.') ? route.elementTag.slice('Screens.'.length) : undefined;
      if (screen !== undefined && !screenModules.has(screen)) {
        throw new Error(`${routesFile.fileName}: route "${route.path}" shows Screens.${screen}, which screens.ts does not load`);
      }
      return { path: route.path, screenModule: screen === undefined ? null : (screenModules.get(screen) ?? null) };
    });
}
