import {
  type EndpointAccess,
  ErrorCode,
  type ErrorSpec,
  OPERATOR_ROLE_LABEL,
  OperatorRole,
  rolesAdmitted,
} from '@gemstock/contract';
import { z } from 'zod';

/** The pieces of the OpenAPI document (decision 0044) that the contract's endpoints and the hand-written paths share. */

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  'x-access': EndpointAccess;
  'x-roles'?: string[];
}

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: JsonSchema;
  jsonSchemaDialect: string;
  servers: JsonSchema[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

/** `/api/order/:id/certificate/:materialSid` → `/api/order/{id}/certificate/{materialSid}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, '{$1}');
}

/**
 * zod writes every integer's bounds as ±(2^53 − 1) unless the schema names narrower ones; they say
 * nothing a reader needs and a reference shows them as the example value. Dropped in place.
 */
function dropSafeIntegerBounds(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropSafeIntegerBounds(item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const schema = value as JsonSchema;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  for (const child of Object.values(schema)) dropSafeIntegerBounds(child);
}

/**
 * A zod schema as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): the input a caller
 * sends for params, query and body, the output the server answers for a response. What JSON
 * Schema cannot say (a transform's result) is left open rather than refused.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  delete converted.$schema;
  dropSafeIntegerBounds(converted);
  const localDefs = converted.$defs as Record<string, JsonSchema> | undefined;
  delete converted.$defs;
  if (!localDefs) return converted;
  // A recursive or named schema comes with definitions: they move to components, named once.
  const renamed = new Map<string, string>();
  for (const name of Object.keys(localDefs)) {
    let unique = name;
    for (let i = 2; unique in defs; i += 1) unique = `${name}_${i}`;
    renamed.set(name, unique);
    defs[unique] = {};
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
          out[k] = `#/components/schemas/${renamed.get(v.slice('#/$defs/'.length)) ?? v}`;
        } else if (k === '$ref' && v === '#') {
          throw new Error('a self-referencing schema needs an id (.meta({ id }))');
        } else out[k] = rewrite(v);
      }
      return out;
    }
    return value;
  };
  for (const [name, def] of Object.entries(localDefs)) defs[renamed.get(name)!] = rewrite(def) as JsonSchema;
  return rewrite(converted) as JsonSchema;
}

/** The parameters of a path or query, one per property of its (object) schema. */
export function parametersOf(where: 'path' | 'query', schema: JsonSchema, omit: readonly string[] = []): JsonSchema[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name]) => !omit.includes(name))
    .map(([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      };
    });
}

/** A path's `:name` parameters as plain strings (an endpoint without a params schema). */
export function namedPathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** The success envelope around a response's `data`. */
export function successEnvelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'data', 'message'],
    properties: { code: { type: 'integer', const: 0 }, data, message: { type: 'string' } },
    additionalProperties: false,
  };
}

export const JSON_CONTENT = 'application/json';

/** An error answer with the codes it may carry (each a catalogue entry: components/schemas/ErrorCode). */
function errorResponse(specs: readonly ErrorSpec[]): JsonSchema {
  const codes = [...new Set(specs.map((s) => s.code))].sort((a, b) => a - b);
  const lines = specs.map((s) => `- \`${s.code}\` ${s.message}`);
  return {
    description: lines.join('\n'),
    content: {
      [JSON_CONTENT]: {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorEnvelope' },
            { type: 'object', properties: { code: { enum: codes } } },
          ],
        },
      },
    },
  };
}

/**
 * The errors an operation may answer because of what it is (its access, whether it takes a
 * body), by HTTP status. The errors of its own rules are in the catalogue (ErrorCode), which the
 * contract does not yet list per endpoint.
 */
export function commonErrors(
  access: EndpointAccess,
  options: { body: boolean; restrictedRoles: boolean },
): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorSpec[]>();
  const add = (...specs: ErrorSpec[]) => {
    for (const spec of specs) byStatus.set(spec.http, [...(byStatus.get(spec.http) ?? []), spec]);
  };
  add(ErrorCode.VALIDATION);
  if (options.body) add(ErrorCode.MALFORMED_BODY, ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  if (access === 'optionalUser') add(ErrorCode.TOKEN_INVALID, ErrorCode.TOKEN_EXPIRED);
  if (access === 'user' || access === 'mainAccount' || access === 'operator') {
    add(ErrorCode.AUTH_REQUIRED, ErrorCode.TOKEN_INVALID, ErrorCode.TOKEN_EXPIRED);
  }
  if (access === 'mainAccount') add(ErrorCode.MAIN_ACCOUNT_ONLY);
  if (access === 'operator' && options.restrictedRoles) add(ErrorCode.OPERATOR_ROLE_FORBIDDEN);
  add(ErrorCode.RATE_LIMITED, ErrorCode.INTERNAL, ErrorCode.DATABASE_UNAVAILABLE, ErrorCode.SERVER_BUSY);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, specs] of [...byStatus].sort((a, b) => a[0] - b[0]))
    responses[String(status)] = errorResponse(specs);
  return responses;
}

/** Who may call, as OpenAPI security requirements: none, an optional buyer token, or a required one. */
export function securityOf(access: EndpointAccess): Record<string, string[]>[] {
  switch (access) {
    case 'public':
      return [];
    case 'optionalUser':
      return [{}, { buyerToken: [] }];
    case 'user':
    case 'mainAccount':
      return [{ buyerToken: [] }];
    case 'operator':
      return [{ operatorToken: [] }];
  }
}

const ACCESS_TEXT: Record<EndpointAccess, string> = {
  public: '任何人（无需登录）',
  optionalUser: '任何人；携带买家令牌时校验并按账号作答',
  user: '已登录的买家（主账号或子账号）',
  mainAccount: '已登录的主账号',
  operator: '已登录的运营人员',
};

/** The operator roles that may call (管理员 always among them). */
export function roleNamesOf(roles: readonly OperatorRole[] | undefined): string[] {
  return [...new Set<OperatorRole>([OperatorRole.ADMIN, ...rolesAdmitted(roles)])].map((r) => OPERATOR_ROLE_LABEL[r]);
}

/** The description line saying who may call. */
export function accessLine(access: EndpointAccess, roles: readonly OperatorRole[] | undefined): string {
  const who = ACCESS_TEXT[access];
  return access === 'operator' ? `调用者：${who}，角色：${roleNamesOf(roles).join('、')}。` : `调用者：${who}。`;
}
