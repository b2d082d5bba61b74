/**
 * What every request must be before any route sees it, whatever its schema
 * says: JSON bodies no deeper than MAX_JSON_DEPTH (checked on the text, before
 * parsing, so a body nested thousands deep cannot blow a recursive parser,
 * validator, hasher or serializer further down), and no NUL character in any
 * string of the body, query or path (PostgreSQL's text cannot hold one and
 * nothing the app takes legitimately has one). Both answer 400 with the
 * shared `{ message, code }`, on SQLite and PostgreSQL alike.
 *
 * Integers are bounded where the call table is turned into routes
 * (routes/api/index.ts, withColumnBounds).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error.ts';

/** Deepest nesting of arrays and objects a JSON body may have; the app's own bodies need fewer than 8. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of `[` and `{` in a JSON text, strings skipped; stops counting past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth -= 1;
  }
  return deepest;
}

/** The JSON-pointer path of the first string (or key) holding a NUL, walking without recursion. */
export function pathOfNul(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || '/';
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}/${index}` }));
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (key.includes('\u0000')) return itemPath;
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}

function refuseNul(request: FastifyRequest): void {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = pathOfNul(value);
    if (path !== undefined) {
      const where = part === 'body' ? path : `/${part}${path === '/' ? '' : path}`;
      throw new HttpError(400, 'VALIDATION_FAILED', 'Text in this request holds a NUL character, which no field accepts.', [
        { path: where, message: 'must not contain a NUL character (\\u0000)' },
      ]);
    }
  }
}

async function hostileInputPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new HttpError(400, 'BAD_REQUEST', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // onRequest has no body yet and preHandler is after the schema: preValidation sees all three parts first.
  app.addHook('preValidation', async (request) => refuseNul(request));
}

export default fp(hostileInputPlugin, { name: 'hostile-input' });
