/**
 * Registers every call of the contract as `POST /public/api/<name>`, with the
 * call's body and response schemas, so Fastify validates what comes in,
 * serializes what goes out, and the OpenAPI document describes both.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiErrorSchema, calls, type CallName } from '../../../src/api/index.ts';
import { createCallHandlers, type CallHandler } from './handlers.ts';

const callNames = Object.keys(calls) as CallName[];

/** The one error shape, documented for every call (details only on validation). */
const errorResponses = {
  '4xx': ApiErrorSchema,
  '5xx': Type.Object({ message: Type.String(), code: Type.Literal('INTERNAL') }),
};

export default async function apiRoutes(app: FastifyInstance): Promise<void> {
  const handlers = createCallHandlers(app);
  // The spec's calls with no payload may arrive as a bare POST with no body at
  // all; treat that as the empty object their schema expects.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) request.body = {};
  });
  for (const name of callNames) {
    const call = calls[name];
    // The table is keyed by name, so the handler for `name` takes that call's body.
    const handler = handlers[name] as CallHandler<CallName>;
    app.route({
      method: 'POST',
      url: `/${name}`,
      schema: {
        summary: call.summary,
        operationId: name,
        tags: ['calls'],
        body: call.body,
        response: { 200: call.response, ...errorResponses },
      },
      handler: async (request) => handler(request.body as never, request),
    });
  }
}
