/**
 * OpenAPI links followed by hand: a small evaluator of the runtime expressions the spec's links use
 * (`$response.body#/json-pointer`, `$request.path.NAME`) and the link of a response to a target
 * operation, read from a resolved document.
 */

/** What an expression is evaluated against: the request's path parameters and the response's JSON body. */
export interface Exchange {
  pathParameters: Record<string, string>;
  body: unknown;
}

/** The value of a JSON Pointer (RFC 6901) in `value`, or undefined. */
function pointerValue(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Evaluates a runtime expression against an exchange; throws for a form the spec does not use. */
export function evaluate(expression: string, exchange: Exchange): unknown {
  const body = /^\$response\.body#(\/.*)?$/.exec(expression);
  if (body) return pointerValue(exchange.body, body[1] ?? '');
  const path = /^\$request\.path\.(.+)$/.exec(expression);
  if (path) return exchange.pathParameters[path[1] as string];
  throw new Error(
    `runtime expression "${expression}" is not one this evaluator reads ($response.body#…, $request.path.…)`,
  );
}

interface Link {
  operationId: string;
  parameters?: Record<string, string>;
}

/** The link from `response` to `operationId`, or an error naming the links there are. */
export function linkTo(response: { links?: Record<string, Link> }, operationId: string): Link {
  const link = Object.values(response.links ?? {}).find((l) => l.operationId === operationId);
  if (!link)
    throw new Error(
      `no link to ${operationId} (links: ${Object.keys(response.links ?? {}).join(', ') || 'none'})`,
    );
  return link;
}

/** The parameters a link gives its target, evaluated against an exchange. */
export const linkParameters = (link: Link, exchange: Exchange): Record<string, string> =>
  Object.fromEntries(
    Object.entries(link.parameters ?? {}).map(([name, expression]) => [
      name,
      String(evaluate(expression, exchange)),
    ]),
  );
