/**
 * Registers every call of the contract as `POST /public/api/<path>` (the
 * call's name, or its `path` with `:params`), with the call's body, params
 * and response schemas, so Fastify validates what comes in, serializes what
 * goes out, and the OpenAPI document describes all of it.
 */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { callRoute, type CallDefinition, type CallName } from '../../../src/api/calls.ts';
import { ApiErrorSchema } from '../../../src/api/error-schema.ts';
import { calls } from '../../../src/api/all-calls.ts';
import { withColumnBounds } from '../../../src/api/column-bounds.ts';
import { JsonText, type CallHandler } from '../../http/call-handler.ts';
import { createCallHandlers } from './handlers.ts';
import { accessOf, admitCaller } from './call-access.ts';
import { ACCOUNT_ROUTE_CONFIG, AVATAR_BODY_LIMIT_BYTES } from './rate-limits.ts';

const callNames = Object.keys(calls) as CallName[];

/** The one error shape, documented for every call (details only on validation). */
const errorResponses = {
  '4xx': ApiErrorSchema,
  // MESSAGE_NOT_SENT: an SMS or e-mail provider refused a message (503); PAYMENT_GATEWAY_UNAVAILABLE: a payment provider did not answer (502).
  '5xx': Type.Object({
    message: Type.String(),
    code: Type.Union([Type.Literal('INTERNAL'), Type.Literal('MESSAGE_NOT_SENT'), Type.Literal('PAYMENT_GATEWAY_UNAVAILABLE')]),
  }),
};

export { LOGIN_RATE_LIMIT } from './rate-limits.ts';

/** Server-side options of some calls (the contract says what, not how it is protected). */
const ROUTE_CONFIG: Partial<Record<CallName, RouteShorthandOptions['config']>> = {
  ...ACCOUNT_ROUTE_CONFIG,
};

/** Calls whose body may be larger than the app's default limit. */
const BODY_LIMITS: Partial<Record<CallName, number>> = {
  'change-avatar': AVATAR_BODY_LIMIT_BYTES,
  // Checked like an avatar (server/admin/catalog/catalog-images.ts), so it may be as large.
  'admin/upload-image': AVATAR_BODY_LIMIT_BYTES,
};

export default async function apiRoutes(app: FastifyInstance): Promise<void> {
  const handlers = createCallHandlers(app);
  // The spec's calls with no payload may arrive as a bare POST with no body at
  // all; treat that as the empty object their schema expects.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) request.body = {};
  });
  app.decorateRequest('caller', null);
  for (const name of callNames) {
    const call: CallDefinition = calls[name];
    const access = accessOf(name, call.access);
    // The table is keyed by name, so the handler for `name` takes that call's body and params.
    const handler = handlers[name] as CallHandler<CallName>;
    const config = ROUTE_CONFIG[name];
    const bodyLimit = BODY_LIMITS[name];
    app.route({
      method: 'POST',
      url: `/${callRoute(name)}`,
      ...(config ? { config } : {}),
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        summary: call.summary,
        operationId: name,
        tags: ['calls'],
        // Integers bounded to what the columns hold: 2^31 or 1e308 is a 400 here, never a database error.
        ...(call.params ? { params: withColumnBounds(call.params) } : {}),
        body: withColumnBounds(call.body),
        response: { 200: call.response, ...errorResponses },
      },
      handler: async (request, reply) => {
        await admitCaller(app, request, request.body, access);
        const result = await handler(request.body as never, request, request.params as never, reply);
        // Already JSON (the response schema still documents it): a string with a JSON type is sent unchanged.
        if (result instanceof JsonText) {
          if (result.release) reply.raw.once('finish', result.release);
          return reply.type('application/json; charset=utf-8').send(result.json);
        }
        // A bare string (coordinate-to-address) is still JSON: Fastify would send it as text/plain.
        if (typeof result === 'string') return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
        return result;
      },
    });
  }
}
