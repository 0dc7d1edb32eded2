import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** `code`: a product error code (RH-E…); `reason`: ours where there is none (schemas/api/error.schema.json). */
export interface ErrorExtra {
  code?: string;
  reason?: string;
  details?: ErrorDetail[];
}

/** An answer other than 2xx that a handler chooses on purpose (412, 422, 400 from the form re-check…). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
  }
}

export function errorBody(statusCode: number, message: string, extra: ErrorExtra = {}) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(extra.code ? { code: extra.code } : {}),
    ...(extra.reason ? { reason: extra.reason } : {}),
    ...(extra.details ? { details: extra.details } : {}),
  };
}

interface AjvLikeError {
  instancePath?: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns ajv errors into [{ path, message }] where path names the field itself (also for required / additionalProperties). */
export function ajvDetails(errors: readonly AjvLikeError[]): ErrorDetail[] {
  return errors.map((e) => {
    const base = e.instancePath ?? '';
    if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
      return { path: `${base}/${e.params.missingProperty}`, message: 'is required' };
    }
    if (e.keyword === 'additionalProperties' && typeof e.params?.additionalProperty === 'string') {
      return { path: `${base}/${e.params.additionalProperty}`, message: 'is not allowed' };
    }
    if (e.keyword === 'enum' && Array.isArray(e.params?.allowedValues)) {
      return { path: base, message: `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}` };
    }
    return { path: base, message: e.message ?? 'is invalid' };
  });
}

/** "body/patient/dateOfBirth must match format \"date\"", several joined with "; ". */
export function detailsMessage(details: readonly ErrorDetail[], context = 'body'): string {
  return details.map((d) => `${context}${d.path} ${d.message}`).join('; ');
}

/** A framework message with any file path (/…/x.js, C:\…) cut out: answers never show where the server's files are. */
function withoutPaths(message: string): string {
  return message.replace(/(?:[A-Za-z]:\\|\/)(?:[\w.@-]+[\\/])+[\w.@-]+\.(?:[cm]?[jt]s|json|node)(?::\d+)*/g, '[file]');
}

/**
 * One error shape for everything: schema errors 400, malformed JSON 400, wrong content type 415,
 * too large 413, chosen HttpErrors as they are. Only real faults are 5xx, and those never echo input.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A chosen 500 is still a fault: the generic answer, never its message (it may name a file).
      if (error.statusCode === 500) {
        request.log.error({ err: { message: error.message } }, 'request failed');
        return reply.code(500).send(errorBody(500, 'Internal Server Error'));
      }
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.extra));
    }
    const fe = error as FastifyError & { validationContext?: string };
    if (fe.validation) {
      const details = ajvDetails(fe.validation as AjvLikeError[]);
      return reply.code(400).send(errorBody(400, detailsMessage(details, fe.validationContext ?? 'body'), { details }));
    }
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, withoutPaths(fe.message)));
    }
    request.log.error({ err: { message: fe.message, code: fe.code, stack: fe.stack } }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Internal Server Error'));
  });
}
