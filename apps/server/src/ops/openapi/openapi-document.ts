import * as contract from '@gemstock/contract';
import {
  type AnyEndpoint,
  ErrorCode,
  type ErrorSpec,
  OPERATOR_ROLES,
  rolesAdmitted,
  ZErrorEnvelope,
} from '@gemstock/contract';
import {
  accessLine,
  commonErrors,
  JSON_CONTENT,
  type JsonSchema,
  jsonSchemaOf,
  namedPathParameters,
  openApiPath,
  type OpenApiDocument,
  type OpenApiOperation,
  parametersOf,
  roleNamesOf,
  securityOf,
  successEnvelope,
} from './openapi-parts.js';
import { handWrittenOperations } from './openapi-paths.js';

/**
 * The OpenAPI 3.1 description of the API (decision 0044), written from the contract's endpoint
 * objects (every `*_API` group the contract exports) and the hand-written description of the
 * paths outside them (`openapi-paths.ts`). Pure: the same contract gives the same document.
 */

/** A contract group's tag: its Chinese name first (what the reference page lists), then the group. */
const GROUP_TAG: Record<string, string> = {
  USER_API: '账号与登录',
  COMMON_API: '公共',
  SERVICE_QR_API: '客服联系方式',
  MATERIAL_API: '素材',
  CART_API: '购物车',
  ORDER_API: '订单',
  ORDER_REWARD_API: '下单奖励',
  PAYMENT_API: '支付',
  WALLET_API: '钱包',
  LICENCE_API: '授权与下载',
  COUPON_API: '优惠券',
  INVOICE_API: '发票',
  SURVEY_API: '满意度调查',
  UPLOAD_API: '上传',
  DESIGN_API: '定制服务',
  PRIVACY_API: '个人信息',
  ANALYTICS_API: '访问统计',
  CONTENT_API: '内容与协议',
  DEV_API: '开发',
  ADMIN_API: '控制台·运营账号',
  ADMIN_OPERATOR_API: '控制台·账号管理',
  ADMIN_MATERIAL_API: '控制台·素材',
  ADMIN_MATERIAL_BULK_API: '控制台·批量编辑',
  ADMIN_UPLOAD_BATCH_API: '控制台·上传批次',
  ADMIN_REVIEW_API: '控制台·素材审核',
  ADMIN_KEYWORD_API: '控制台·关键词',
  ADMIN_AUDIT_API: '控制台·操作日志',
  ADMIN_COMPANY_API: '控制台·企业',
  ADMIN_COUPON_API: '控制台·优惠券',
  ADMIN_ORDER_API: '控制台·订单',
  ADMIN_PAYMENT_API: '控制台·支付异常',
  ADMIN_REFUND_API: '控制台·退款',
  ADMIN_INVOICE_API: '控制台·发票',
  ADMIN_SURVEY_API: '控制台·满意度调查',
  ADMIN_DESIGN_API: '控制台·定制服务',
  ADMIN_OVERVIEW_API: '控制台·概览',
  ADMIN_PRIVACY_API: '控制台·隐私请求',
  ADMIN_DASHBOARD_API: '控制台·数据看板',
  ADMIN_CONTENT_API: '控制台·内容管理',
};

const TAG_ORDER = Object.keys(GROUP_TAG).map(tagOf);

/** The buyer's groups first, then the console's, in GROUP_TAG's order; any other group after them. */
function tagRank(tag: string): number {
  const rank = TAG_ORDER.indexOf(tag);
  return rank === -1 ? TAG_ORDER.length : rank;
}

/** `ADMIN_ORDER_API` → `控制台·订单 (ADMIN_ORDER_API)`; a group without a Chinese name keeps its own. */
export function tagOf(group: string): string {
  const name = GROUP_TAG[group];
  return name ? `${name} (${group})` : group;
}

/** Every endpoint the contract exports, with the group and key that name it (`USER_API`, `me`). */
export function contractEndpoints(): { group: string; key: string; endpoint: AnyEndpoint }[] {
  const seen = new Set<AnyEndpoint>();
  const found: { group: string; key: string; endpoint: AnyEndpoint }[] = [];
  for (const [group, value] of Object.entries(contract)) {
    if (!group.endsWith('_API') || typeof value !== 'object' || value === null) continue;
    for (const [key, endpoint] of Object.entries(value as Record<string, AnyEndpoint>)) {
      if (seen.has(endpoint)) continue;
      seen.add(endpoint);
      found.push({ group, key, endpoint });
    }
  }
  return found;
}

function endpointOperation(
  group: string,
  key: string,
  endpoint: AnyEndpoint,
  defs: Record<string, JsonSchema>,
): OpenApiOperation {
  const parameters = [
    ...(endpoint.params
      ? parametersOf('path', jsonSchemaOf(endpoint.params, 'input', defs))
      : namedPathParameters(endpoint.path)),
    ...(endpoint.query ? parametersOf('query', jsonSchemaOf(endpoint.query, 'input', defs)) : []),
  ];
  const restrictedRoles =
    endpoint.access === 'operator' && rolesAdmitted(endpoint.roles).length < OPERATOR_ROLES.length;
  return {
    operationId: `${group}.${key}`,
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    description: `${accessLine(endpoint.access, endpoint.roles)}\n\n契约：\`${group}.${key}\`。`,
    tags: [tagOf(group)],
    security: securityOf(endpoint.access),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { [JSON_CONTENT]: { schema: jsonSchemaOf(endpoint.body, 'input', defs) } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: '成功：`code` 为 0，`data` 为结果。',
        content: { [JSON_CONTENT]: { schema: successEnvelope(jsonSchemaOf(endpoint.response, 'output', defs)) } },
      },
      ...commonErrors(endpoint.access, { body: endpoint.body !== undefined, restrictedRoles }),
    },
    'x-access': endpoint.access,
    ...(endpoint.access === 'operator' ? { 'x-roles': roleNamesOf(endpoint.roles) } : {}),
  };
}

/** The catalogue as a schema: every code, with its name, HTTP status and Chinese message. */
function errorCodeSchema(): JsonSchema {
  const specs = Object.entries(ErrorCode as Record<string, ErrorSpec>).sort((a, b) => a[1].code - b[1].code);
  return {
    type: 'integer',
    description: [
      '错误码目录（packages/contract/src/errors.ts）：',
      '',
      '| code | 名称 | HTTP | 提示 |',
      '|---|---|---|---|',
      ...specs.map(([name, s]) => `| ${s.code} | ${name} | ${s.http} | ${s.message} |`),
    ].join('\n'),
    oneOf: specs.map(([name, s]) => ({ const: s.code, title: name, description: `HTTP ${s.http}：${s.message}` })),
  };
}

function errorEnvelopeSchema(defs: Record<string, JsonSchema>): JsonSchema {
  const schema = jsonSchemaOf(ZErrorEnvelope, 'output', defs);
  const properties = schema.properties as Record<string, JsonSchema>;
  properties.code = { $ref: '#/components/schemas/ErrorCode' };
  return { ...schema, description: '失败时的应答：`code` 为错误码，`message` 为给用户看的中文提示。' };
}

/**
 * The error answers repeat from operation to operation (the same guard, the same codes): each
 * distinct one is kept once under components/responses (`Error401_1000_2002_2003`) and referred to.
 */
function shareErrorResponses(paths: OpenApiDocument['paths']): Record<string, JsonSchema> {
  const shared: Record<string, JsonSchema> = {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const schema = (response.content as Record<string, { schema: JsonSchema }> | undefined)?.[JSON_CONTENT]?.schema;
        const codes = ((schema?.allOf as JsonSchema[] | undefined)?.[1]?.properties as { code?: { enum?: number[] } })
          ?.code?.enum;
        if (!codes) continue;
        const name = `Error${status}_${codes.join('_')}`;
        shared[name] ??= response;
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The version of the API the document describes (info.version); raised with a change callers must follow. */
export const API_VERSION = '1.0.0';

/**
 * The whole document. The development aids (DEV_API: the dev outbox) are described only where
 * they are served, so a production document never lists them.
 */
export function buildOpenApiDocument(options: { devOutbox: boolean }): OpenApiDocument {
  const defs: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string | undefined>();
  const add = (method: string, path: string, operation: OpenApiOperation) => {
    const item = (paths[openApiPath(path)] ??= {});
    const verb = method.toLowerCase();
    if (item[verb]) throw new Error(`${method} ${path} is described twice`);
    item[verb] = operation;
    for (const tag of operation.tags) if (!tags.has(tag)) tags.set(tag, undefined);
  };
  for (const { group, key, endpoint } of contractEndpoints()) {
    if (group === 'DEV_API' && !options.devOutbox) continue;
    add(endpoint.method, endpoint.path, endpointOperation(group, key, endpoint, defs));
  }
  for (const hand of handWrittenOperations(defs)) add(hand.method, hand.path, hand.operation);

  // Paths in order, and each path's methods in the usual order, so the document reads the same each time.
  const sortedPaths: OpenApiDocument['paths'] = {};
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path]!;
    sortedPaths[path] = Object.fromEntries(METHODS.filter((m) => item[m]).map((m) => [m, item[m]!]));
  }
  const responses = shareErrorResponses(sortedPaths);
  const errorEnvelope = errorEnvelopeSchema(defs);
  return {
    openapi: '3.1.1',
    info: {
      title: '宝图 Gemstock API',
      version: API_VERSION,
      description: [
        '宝图（珠宝行业图片与视频授权交易平台）的接口说明，由契约（packages/contract）中的接口声明生成。',
        '',
        '除文件、页面与支付回调外，每个应答都是 `{code, data, message}`：`code` 为 0 表示成功，`data` 为结果；',
        '其他 `code` 见错误码目录（组件 `ErrorCode`），HTTP 状态随错误码而定，`message` 为中文提示。',
        '',
        '登录后把令牌放在 `Authorization: Bearer <access_token>` 里：买家令牌来自 `POST /api/user/login`，',
        '运营令牌来自 `POST /api/admin/login`。金额一律以分为单位的整数。',
      ].join('\n'),
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/', description: '本站' }],
    tags: [...tags.keys()].sort((a, b) => tagRank(a) - tagRank(b) || a.localeCompare(b)).map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      schemas: { ...defs, ErrorCode: errorCodeSchema(), ErrorEnvelope: errorEnvelope },
      responses,
      securitySchemes: {
        buyerToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: '买家的访问令牌（POST /api/user/login 的 access_token）。',
        },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: '运营人员的访问令牌（POST /api/admin/login 的 access_token）。',
        },
      },
    },
  };
}
