/**
 * The shape of a call's handler and of the handler table (handlers.ts builds
 * it from the areas' handler files, which implement their part of it).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallBody, CallName, CallParams, CallResponse } from '../../src/api/calls.ts';

/**
 * An answer already serialised as JSON (the nearby engine's store lists, as UTF-8 bytes): sent as it
 * is, with no second serialisation. The type parameter keeps the handler
 * table honest about what the text holds.
 */
export class JsonText<T> {
  declare readonly holds?: T;
  constructor(
    readonly json: Buffer | string,
    /** Called once the response has been handed to the kernel: the bytes may then be reused. */
    readonly release?: () => void,
  ) {}

  static of<T>(answer: { bytes: Buffer; release: () => void }): JsonText<T> {
    return new JsonText<T>(answer.bytes, answer.release);
  }
}

export type CallHandler<N extends CallName> = (
  body: CallBody<N>,
  request: FastifyRequest,
  /** The path parameters, for calls that have them (validated by the call's `params` schema). */
  params: CallParams<N>,
  /** The reply, for the rare handler that needs the server's serializers (the driver batch); the answer is what it returns. */
  reply: FastifyReply,
) => Promise<CallResponse<N> | JsonText<CallResponse<N>>>;

export type CallHandlers = { [N in CallName]: CallHandler<N> };
