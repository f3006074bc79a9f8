// The result envelope of every answer, in the interface's casing. Successful answers are HTTP
// 200 with text/plain (the interface) unless the client asks for application/json.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { DomainError, Message } from '../errors.js';
import type { EnvelopeCasing } from './operation-spec.js';
import { stringify } from './serialize.js';

export interface Parametro {
  nome: string;
  valor?: string | null;
}

/** A body the handler wants sent exactly as given, outside the envelope (e.g. `{}`). */
export class RawBody {
  constructor(readonly value: unknown) {}
}

export function camelEnvelope(hasError: boolean, messages: Message[], extra: Record<string, unknown> = {}, msg: string | null = null): Record<string, unknown> {
  return { msg, hasError, messages, ...extra };
}

function pascalMessage(m: Message): Record<string, unknown> {
  return { MessageType: m.messageType, Code: m.code, Context: m.context, Description: m.description, Field: m.field };
}

/** CancelarProposta's PascalCase envelope (Msg, HasError, Messages, and its extra fields). */
export function pascalEnvelope(hasError: boolean, messages: Message[], extra: Record<string, unknown> = {}, msg: string | null = null): Record<string, unknown> {
  return { Msg: msg, HasError: hasError, Messages: messages.map(pascalMessage), ...extra };
}

export function envelopeFor(casing: EnvelopeCasing) {
  return casing === 'pascal' ? pascalEnvelope : camelEnvelope;
}

/** A whole answer already rendered (the read model's stored body): written as it is, envelope included. */
export class RenderedBody {
  constructor(readonly text: string) {}
}

/**
 * A refusal returned rather than thrown (a cached query's unknown id, issue 14: the throw through
 * the async frames and Fastify's error path cost more than the answer). A query's route answers it
 * as the error handler would; anywhere else (a command's transaction) successBody throws it.
 */
export class Refusal {
  constructor(readonly error: DomainError) {}
}

/** What a handler returns: the extra fields of a successful envelope, a RawBody, a RenderedBody, or a Refusal. */
export type HandlerResult = Record<string, unknown> | RawBody | RenderedBody | Refusal;

/** The fields the envelope writer adds itself (successBody): a handler never returns them. */
type EnvelopeField = 'msg' | 'hasError' | 'messages' | 'parametros' | 'Msg' | 'HasError' | 'Messages';

/**
 * What a handler of an operation whose response schema is R returns: the answer's own fields as
 * the schema types them (Static<R>), without the envelope's; `msg` may be set. An operation whose
 * success is outside the envelope (a closed empty object) returns a RawBody.
 */
export type AnswerOf<R extends TSchema> = keyof Static<R> extends never ? RawBody : ReadonlyAnswer<Omit<Static<R>, EnvelopeField>> & { msg?: string | null };

/** Answers are only written, never changed: a handler may hand over readonly arrays and objects. */
type ReadonlyAnswer<T> = T extends readonly (infer U)[] ? readonly ReadonlyAnswer<U>[] : T extends object ? { readonly [K in keyof T]: ReadonlyAnswer<T[K]> } : T;

export function successBody(casing: EnvelopeCasing, result: HandlerResult, parametros: Parametro[] | null | undefined, echoParametros: boolean): string {
  if (result instanceof RenderedBody) return result.text;
  if (result instanceof Refusal) throw result.error;
  if (result instanceof RawBody) return stringify(result.value);
  const { msg, ...extra } = result as { msg?: string | null } & Record<string, unknown>;
  const withParams = echoParametros ? { ...extra, parametros: parametros ?? [] } : extra;
  return stringify(envelopeFor(casing)(false, [], withParams, msg ?? null));
}

export function contentTypeFor(request: FastifyRequest): string {
  const accept = request.headers.accept ?? '';
  return /application\/json/i.test(accept) ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
}

export function sendBody(request: FastifyRequest, reply: FastifyReply, statusCode: number, body: string): FastifyReply {
  return reply.code(statusCode).type(contentTypeFor(request)).send(body);
}
