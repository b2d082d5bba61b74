/**
 * driver-actions: a driver's queued steps, each run as its own call runs
 * (issue 31.4), in process and without going through the HTTP server again:
 *
 * 1. the step's body is checked by its call's schema (the server's own
 *    validator: a step that would be a 400 alone is the same 400 here);
 * 2. its Idempotency-Key is claimed for the step's own path (`app.idempotency`,
 *    the protocol the HTTP hooks use), so a step already applied, alone or in
 *    an earlier batch, answers its first answer again and changes nothing;
 * 3. its caller is admitted by the call's access;
 * 4. the same handler as the single call runs, and its answer is stored for
 *    the key (a 5xx releases it); a failure answers as the API's error handler would.
 *
 * The batch stops after the first answer that asks to try again later (5xx,
 * 429, IDEMPOTENCY_IN_PROGRESS): the steps after it may depend on it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { calls } from '../../src/api/all-calls.ts';
import { withColumnBounds } from '../../src/api/column-bounds.ts';
import type { DriverActionResult } from '../../src/api/driver/entities.ts';
import type { DriverBatchCall } from '../../src/api/driver/limits.ts';
import { replayVerdict } from '../../src/api/outbox.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { JsonText, type CallHandler, type CallHandlers } from '../http/call-handler.ts';
import { toApiError } from '../http/error-handler.ts';
import { callerOf, type CallAnswer, type HeldReservation } from '../http/idempotency.ts';

/** The handlers of the calls a batch may hold: the very ones the single calls run. */
export type DriverSteps = Pick<CallHandlers, DriverBatchCall>;

/** Admits the step's caller by its call's access (routes/api/call-access.ts), or throws 401/403. */
export type AdmitStep = (request: FastifyRequest, body: unknown, call: DriverBatchCall) => Promise<void>;

export interface DriverAction {
  key: string;
  call: DriverBatchCall;
  body: Record<string, unknown>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Each call's body schema as its route validates it (with the column bounds), made once so the validator is compiled once. */
const bodySchemas = new Map<DriverBatchCall, TSchema>();

function bodySchemaOf(call: DriverBatchCall): TSchema {
  let schema = bodySchemas.get(call);
  if (!schema) {
    schema = withColumnBounds(calls[call].body);
    bodySchemas.set(call, schema);
  }
  return schema;
}

export async function runDriverActions(
  app: FastifyInstance,
  request: FastifyRequest,
  /** The batch's reply: its serializers write each step's answer as the step's own route would. */
  reply: FastifyReply,
  actions: readonly DriverAction[],
  steps: DriverSteps,
  admit: AdmitStep,
): Promise<DriverActionResult[]> {
  // Whose keys these are: the batch's token signs in the same caller for every step.
  const caller = await callerOf(app, request);
  // A step is made with the batch's session: its header's, else its body's token (a step's own token comes last).
  const batchToken = (request.body as { token?: unknown } | null)?.token;
  const results: DriverActionResult[] = [];
  for (const action of actions) {
    const answer = await runStep(app, request, reply, caller, typeof batchToken === 'string' && batchToken !== '' ? batchToken : undefined, action, steps, admit);
    const body = answer.body === null || answer.body === '' ? {} : (JSON.parse(answer.body) as Record<string, unknown>);
    results.push({ key: action.key, status: answer.status, body });
    if (replayVerdict(answer.status, body) === 'retry') break;
  }
  return results;
}

async function runStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: string,
  batchToken: string | undefined,
  action: DriverAction,
  steps: DriverSteps,
  admit: AdmitStep,
): Promise<CallAnswer> {
  const path = `${API_PREFIX}/${action.call}`;
  let held: HeldReservation | undefined;
  try {
    const validate = request.compileValidationSchema(bodySchemaOf(action.call), 'body');
    if (!validate(action.body)) throw Object.assign(new Error('The request does not match the schema of this call.'), { validation: validate.errors ?? [] });
    const serialize = reply.compileSerializationSchema(calls[action.call].response, '200');
    const claimed = await app.idempotency.claim({ caller, method: 'POST', path, key: action.key, body: action.body }, (answer) => serialize(answer as Record<string, unknown>));
    if ('replay' in claimed) return claimed.replay;
    held = claimed.held;
    const step = stepRequest(request, path, action.body, held);
    await admit(step, batchToken === undefined ? action.body : { ...action.body, token: batchToken }, action.call);
    const handler = steps[action.call] as CallHandler<DriverBatchCall>;
    const result = await handler(action.body as never, step, {} as never, reply);
    const answer: CallAnswer = { status: 200, body: result instanceof JsonText ? result.json.toString() : serialize(result as Record<string, unknown>), contentType: JSON_TYPE };
    await app.idempotency.finish(held, answer);
    return answer;
  } catch (error) {
    const { status, body } = toApiError(error as Error);
    if (status >= 500) request.log.error({ err: error, call: action.call }, 'a driver step failed');
    const answer: CallAnswer = { status, body: JSON.stringify(body), contentType: JSON_TYPE };
    if (held) await app.idempotency.finish(held, answer);
    return answer;
  }
}

/**
 * The batch's request as the step's own: its body, its path, its caller (set
 * by the admission) and the key it holds (a handler that writes in a
 * transaction stores its answer there, storeAnswerWithin); everything else
 * (headers, the server, the log) is the batch's.
 */
function stepRequest(request: FastifyRequest, path: string, body: unknown, held: HeldReservation): FastifyRequest {
  const step = Object.create(request) as FastifyRequest;
  Object.defineProperties(step, {
    body: { value: body, writable: true },
    url: { value: path },
    caller: { value: null, writable: true },
    idempotencyReservation: { value: held, writable: true },
  });
  return step;
}
