/**
 * How a route is declared. A routes file is a list of `route({...})` declarations handed to
 * `declareRoutes`: method, url, permission, the input's schema (the contract's), the result's
 * schema, the success message and the service to call. Nothing else goes in a routes file; a
 * use case of more than one service call is a service of its own.
 *
 * `run` is the service called in one transaction in the actor's tenant (`transaction`: 'write',
 * the default; 'read' for a read-only call whose statements go one message each; 'statement'
 * for one statement that is its whole transaction; or a function of the input choosing one).
 * `serve` is the service called as it is, for the few calls that own their transactions (before
 * sign-in, or a record then a job sent after its commit). Routes that answer a file, a PDF or a multipart upload register themselves with
 * `api.get`/`api.post` beside their declarations, and say why in their file's header.
 * A route whose input is its params (`from: 'params'`) may name a query's schema too (`query`).
 * `message` is a key of messages, or a function choosing one from the input and the result
 * (`(input, result) => …`: 'sync_queued' or 'sync_already_queued' from what the call answered);
 * one reading the result is written after its `run` or `serve`, whose answer types the result.
 * A service sets a reply header through `call.reply` (the password sign-in's Retry-After).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shared/contract/common.js';
import type { Language } from '@shared/i18n/languages.js';
import type { PermissionCode } from '@shared/permissions.js';
import type { TenantTx } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import { translatorFor } from '../i18n.js';
import type { Actor, RoutePermission } from './actor.js';
import { ok } from './reply.js';
import { actorOf, requestLanguage } from './request-context.js';
import { inActorTenant, inActorTenantStatement, readInActorTenant } from './scope.js';

/** A reply whose result is null (deletes, saves that answer a message only). */
export const nothing = envelope(z.null());
/** A reply whose result is a list of ids. */
export const idList = envelope(z.array(z.string()));

/** The route's permission config: one code of src/shared/permissions.ts. */
export function needs(code: PermissionCode): { permission: RoutePermission } {
  return { permission: { code } };
}

/** A success message in the caller's language (messages:saved, added, …). */
export function said(request: FastifyRequest, key: string): string {
  return translatorFor(requestLanguage(request))(`messages:${key}`);
}

/** What a service may need of the call beyond its input. */
export interface RouteCall {
  request: FastifyRequest;
  /** The reply, for a header the answer carries besides its envelope (the sign-in's Retry-After). */
  reply: FastifyReply;
  deps: AppDeps;
  language: Language;
  /** The signed-in caller (a `serve` route that owns its transactions; not for public routes). */
  actor: () => Actor;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Where the input is read: the query of a GET or DELETE, the body of a POST or PUT, unless said. */
type InputFrom = 'query' | 'body' | 'params';

interface RouteBase<Input extends z.ZodType, Result> {
  method: Method;
  url: string;
  /** A permission code of src/shared/permissions.ts, or 'authenticated', 'public', `{ anyOf }`. */
  permission: PermissionCode | RoutePermission;
  /** The input's schema, from the contract; a route without one reads no input. */
  input?: Input;
  from?: InputFrom;
  /** The query's schema of a route whose input is its params (`from: 'params'`) and that takes a query too (read by the service through `call.request`, or not at all). */
  query?: z.ZodType;
  /** The result's schema; the reply is its envelope. */
  reply: z.ZodType;
  /** The success message's key in messages (saved, added, updated, deleted, …); chosen from the input, or the result, where they decide it. */
  message?: string | ((input: z.output<Input>, result: Result) => string);
  /** A GET whose reads may start beside its session read (auth.ts); only with transaction 'read'. */
  readsAhead?: boolean;
}

type Transaction = 'write' | 'read' | 'statement';

interface InTenantRoute<Input extends z.ZodType, Result> extends RouteBase<Input, Result> {
  /** How the call's transaction runs; chosen from the input where the input decides it. */
  transaction?: Transaction | ((input: z.output<Input>) => Transaction);
  run: (tx: TenantTx, actor: Actor, input: z.output<Input>, call: RouteCall) => Promise<Result>;
  serve?: never;
}

interface ServedRoute<Input extends z.ZodType, Result> extends RouteBase<Input, Result> {
  serve: (input: z.output<Input>, call: RouteCall) => Promise<Result>;
  run?: never;
  transaction?: never;
}

export type RouteDeclaration<Input extends z.ZodType = z.ZodType, Result = unknown> =
  InTenantRoute<Input, Result> | ServedRoute<Input, Result>;

/** One route's declaration, its input typed from its schema. */
export function route<Input extends z.ZodType = z.ZodType, Result = unknown>(
  declaration: RouteDeclaration<Input, Result>,
): RouteDeclaration {
  return declaration as RouteDeclaration;
}

const RUNNERS = { write: inActorTenant, read: readInActorTenant, statement: inActorTenantStatement };

/** A declaration's word that may be chosen from the input (its transaction). */
function fromInput<Word extends string>(chosen: Word | ((input: unknown) => Word), input: unknown): Word {
  return typeof chosen === 'string' ? chosen : chosen(input);
}

/** A declaration's message key, chosen from the input and the result where a function says it. */
function messageOf(
  message: RouteDeclaration['message'],
  input: unknown,
  result: unknown,
): string | undefined {
  return typeof message === 'function' ? message(input, result) : message;
}

function permissionOf(permission: RouteDeclaration['permission']): RoutePermission {
  return typeof permission === 'string' && permission !== 'public' && permission !== 'authenticated'
    ? { code: permission }
    : permission;
}

function inputOf(request: FastifyRequest, from: InputFrom): unknown {
  if (from === 'query') return request.query;
  if (from === 'params') return request.params;
  return request.body;
}

/** Registers a module's declared routes under one OpenAPI tag. */
export function declareRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  tag: string,
  routes: readonly RouteDeclaration[],
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const declared of routes) {
    const from =
      declared.from ?? (declared.method === 'GET' || declared.method === 'DELETE' ? 'query' : 'body');
    const input = declared.input;
    const schemaKey = from === 'query' ? 'querystring' : from;
    api.route({
      method: declared.method,
      url: declared.url,
      config: {
        permission: permissionOf(declared.permission),
        ...(declared.readsAhead ? { readsAhead: true } : {}),
      },
      schema: {
        tags: [tag],
        ...(input ? { [schemaKey]: input } : {}),
        ...(declared.query ? { querystring: declared.query } : {}),
        response: { 200: envelope(declared.reply) },
      },
      handler: async (request, reply) => {
        const call: RouteCall = {
          request,
          reply,
          deps,
          language: requestLanguage(request),
          actor: () => actorOf(request),
        };
        const parsed = inputOf(request, from);
        const result = declared.serve
          ? await declared.serve(parsed, call)
          : await RUNNERS[fromInput(declared.transaction ?? 'write', parsed)](deps.db, request, (tx, actor) =>
              declared.run(tx, actor, parsed, call),
            );
        const message = messageOf(declared.message, parsed, result);
        return ok(result, message ? translatorFor(call.language)(`messages:${message}`) : '');
      },
    });
  }
}
