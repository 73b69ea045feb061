import {
  ADMIN_DESIGN_FILE_PATH,
  ADMIN_TRACE_ACCESS,
  ADMIN_TRACE_PATH,
  TRACE_COPY_TYPES,
  ZTraceQuery,
  ZTraceResponse,
  ADMIN_EXPORT_PATHS,
  ADMIN_INVOICE_FILE_PATH,
  ADMIN_MATERIAL_PATHS,
  API_DOC_PATHS,
  DESIGN_FILE_TYPES,
  type EndpointAccess,
  EXPORT_OF,
  type ExportKind,
  INVOICE_PATHS,
  MATERIAL_PATHS,
  ORDER_PATHS,
  type OperatorRole,
  PAYMENT_PATHS,
  rolesAdmitted,
  SERVICE_QR_PATHS,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_PATHS,
  USER_PATHS,
  ZAdminDemandDetails,
  ZAdminInvoice,
  ZAdminMaterialResponse,
  ZCertificateParams,
  ZDesignFileUploadQuery,
  ZOriginalMediaQuery,
  ZSidParams,
  OPERATOR_ROLES,
} from '@gemstock/contract';
import type { z } from 'zod';
import {
  accessLine,
  commonErrors,
  JSON_CONTENT,
  type JsonSchema,
  jsonSchemaOf,
  type OpenApiOperation,
  parametersOf,
  roleNamesOf,
  securityOf,
  successEnvelope,
} from './openapi-parts.js';

/**
 * The paths outside the endpoint objects (contract `paths.ts`: files, pages, notifications),
 * described by hand with their content types. Only paths under `/api` are described: the health
 * probes, `/metrics`, the media renditions under `/media/` and the HTML pages (`/verify/…`,
 * `/sandbox/pay/…`) are not part of the API (decision 0044).
 */

export interface HandWrittenOperation {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  operation: OpenApiOperation;
}

const TAG = {
  files: '文件与回调 (X_PATHS)',
  exports: '控制台·导出 (ADMIN_EXPORT_PATHS)',
  apiDoc: '接口说明 (API_DOC_PATHS)',
};

interface Described {
  id: string;
  summary: string;
  description?: string;
  tag?: string;
  access: EndpointAccess;
  roles?: readonly OperatorRole[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  /** Content type → schema of a successful answer (status 200 unless `status`). */
  answer: Record<string, JsonSchema>;
  answerText: string;
  status?: string;
  body?: boolean;
}

function operation(d: Described): OpenApiOperation {
  const restrictedRoles = d.access === 'operator' && rolesAdmitted(d.roles).length < OPERATOR_ROLES.length;
  return {
    operationId: d.id,
    summary: d.summary,
    description: [accessLine(d.access, d.roles), d.description].filter(Boolean).join('\n\n'),
    tags: [d.tag ?? TAG.files],
    security: securityOf(d.access),
    ...(d.parameters && d.parameters.length > 0 ? { parameters: d.parameters } : {}),
    ...(d.requestBody ? { requestBody: d.requestBody } : {}),
    responses: {
      [d.status ?? '200']: {
        description: d.answerText,
        ...(Object.keys(d.answer).length > 0
          ? { content: Object.fromEntries(Object.entries(d.answer).map(([type, schema]) => [type, { schema }])) }
          : {}),
      },
      ...commonErrors(d.access, { body: d.body ?? false, restrictedRoles }),
    },
    'x-access': d.access,
    ...(d.access === 'operator' ? { 'x-roles': roleNamesOf(d.roles) } : {}),
  };
}

const BINARY: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };
const ANY_FORM: JsonSchema = { type: 'object', additionalProperties: true };

/** A gateway's notification: its own signed format in, its own acknowledgement out. */
function notification(
  id: string,
  path: string,
  summary: string,
  bodyType: string,
  answerType: string,
): HandWrittenOperation {
  return {
    method: 'POST',
    path,
    operation: operation({
      id,
      summary,
      description: '由支付渠道或开票服务商调用，按其自身格式签名并应答，不使用 `{code, data, message}` 包装。',
      access: 'public',
      body: true,
      requestBody: { required: true, content: { [bodyType]: { schema: ANY_FORM } } },
      answer: { [answerType]: answerType === JSON_CONTENT ? ANY_FORM : { type: 'string' } },
      answerText: '按渠道要求的确认应答。',
    }),
  };
}

export function handWrittenOperations(defs: Record<string, JsonSchema>): HandWrittenOperation[] {
  const json = (schema: z.ZodType, io: 'input' | 'output') => jsonSchemaOf(schema, io, defs);
  const envelopeOf = (schema: z.ZodType) => ({ [JSON_CONTENT]: successEnvelope(json(schema, 'output')) });
  const sidPath = parametersOf('path', json(ZSidParams, 'input'));

  const exports = (Object.keys(ADMIN_EXPORT_PATHS) as ExportKind[]).map((kind): HandWrittenOperation => ({
    method: 'GET',
    path: ADMIN_EXPORT_PATHS[kind],
    operation: operation({
      id: `ADMIN_EXPORT_PATHS.${kind}`,
      summary: `Exports the ${kind} list with its filters as CSV.`,
      description:
        '列表的筛选条件（不分页）→ UTF-8（带 BOM）的 CSV 文件，中文表头，金额以元为单位保留两位小数；每次导出记入操作日志。',
      tag: TAG.exports,
      access: 'operator',
      roles: EXPORT_OF[kind].roles,
      parameters: EXPORT_OF[kind].query
        ? parametersOf('query', json(EXPORT_OF[kind].query, 'input'), ['page', 'page_size', 'cursor'])
        : [],
      answer: { 'text/csv; charset=utf-8': { type: 'string' } },
      answerText: 'CSV 文件（Content-Disposition: attachment）。',
    }),
  }));

  return [
    {
      method: 'GET',
      path: API_DOC_PATHS.openapi,
      operation: operation({
        id: 'API_DOC_PATHS.openapi',
        summary: 'This document (OpenAPI 3.1).',
        description: '同一进程内内容不变，带强 ETag；以 If-None-Match 再次请求时应答 304。',
        tag: TAG.apiDoc,
        access: 'public',
        answer: { [JSON_CONTENT]: { type: 'object', additionalProperties: true } },
        answerText: 'OpenAPI 3.1 文档（不使用 `{code, data, message}` 包装）。',
      }),
    },
    {
      method: 'GET',
      path: SERVICE_QR_PATHS.demoQr,
      operation: operation({
        id: 'SERVICE_QR_PATHS.demoQr',
        summary: "The local demo's sample service QR code.",
        access: 'public',
        answer: { 'image/svg+xml': { type: 'string' } },
        answerText: 'SVG 图片。',
      }),
    },
    {
      method: 'GET',
      path: USER_PATHS.codeChallenge,
      operation: operation({
        id: 'USER_PATHS.codeChallenge',
        summary: 'A proof-of-work challenge for the ALTCHA widget before a verification code is sent.',
        description: 'ALTCHA 组件自身的格式，不使用 `{code, data, message}` 包装。',
        access: 'public',
        answer: { [JSON_CONTENT]: ANY_FORM },
        answerText: 'ALTCHA 挑战。',
      }),
    },
    {
      method: 'POST',
      path: ADMIN_MATERIAL_PATHS.upload,
      operation: operation({
        id: 'ADMIN_MATERIAL_PATHS.upload',
        summary: 'Uploads one material file (multipart) with optional keywords.',
        access: 'operator',
        roles: ['content'],
        body: true,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: BINARY, keywords: { type: 'string', description: '关键词，逗号分隔' } },
              },
            },
          },
        },
        answer: envelopeOf(ZAdminMaterialResponse),
        answerText: '成功：新素材。',
      }),
    },
    {
      method: 'GET',
      path: MATERIAL_PATHS.original,
      operation: operation({
        id: 'MATERIAL_PATHS.original',
        summary: 'The original file behind a short-lived signed link (issued by a download).',
        access: 'public',
        parameters: parametersOf('query', json(ZOriginalMediaQuery, 'input')),
        answer: { 'image/*': BINARY, 'video/mp4': BINARY },
        answerText: '原始文件（附件）。',
      }),
    },
    {
      method: 'GET',
      path: ORDER_PATHS.certificate,
      operation: operation({
        id: 'ORDER_PATHS.certificate',
        summary: "A licence certificate of a paid order's material, as PDF.",
        access: 'user',
        parameters: parametersOf('path', json(ZCertificateParams, 'input')),
        answer: { 'application/pdf': BINARY },
        answerText: '授权证书 PDF。',
      }),
    },
    ...exports,
    notification(
      'PAYMENT_PATHS.notifyWechat',
      PAYMENT_PATHS.notifyWechat,
      'WeChat Pay payment notification.',
      JSON_CONTENT,
      JSON_CONTENT,
    ),
    notification(
      'PAYMENT_PATHS.notifyAlipay',
      PAYMENT_PATHS.notifyAlipay,
      'Alipay payment notification.',
      'application/x-www-form-urlencoded',
      'text/plain',
    ),
    notification(
      'PAYMENT_PATHS.notifySandbox',
      PAYMENT_PATHS.notifySandbox,
      "The sandbox gateway's payment notification (embedded default only).",
      JSON_CONTENT,
      JSON_CONTENT,
    ),
    notification(
      'PAYMENT_PATHS.refundNotifyWechat',
      PAYMENT_PATHS.refundNotifyWechat,
      'WeChat Pay refund notification.',
      JSON_CONTENT,
      JSON_CONTENT,
    ),
    notification(
      'PAYMENT_PATHS.refundNotifySandbox',
      PAYMENT_PATHS.refundNotifySandbox,
      "The sandbox gateway's refund notification (embedded default only).",
      JSON_CONTENT,
      JSON_CONTENT,
    ),
    notification(
      'INVOICE_PATHS.notifyHttp',
      INVOICE_PATHS.notifyHttp,
      "The e-invoicing provider's report of an issued invoice (INVOICE_PROVIDER=http).",
      JSON_CONTENT,
      JSON_CONTENT,
    ),
    {
      method: 'PUT',
      path: ADMIN_INVOICE_FILE_PATH,
      operation: operation({
        id: 'ADMIN_INVOICE_FILE_PATH',
        summary: 'Issues a waiting invoice request with its PDF (the file is the body).',
        access: 'operator',
        roles: ['finance'],
        body: true,
        parameters: sidPath,
        requestBody: { required: true, content: { 'application/pdf': { schema: BINARY } } },
        answer: envelopeOf(ZAdminInvoice),
        answerText: '成功：开具后的发票申请。',
      }),
    },
    {
      method: 'POST',
      path: UPLOAD_PATHS.local,
      operation: operation({
        id: 'UPLOAD_PATHS.local',
        summary: "The embedded default's direct-upload target (the signed policy in the form fields).",
        description: `与对象存储的预签名 POST 相同：表单字段为签名策略，最后一个字段为文件（${UPLOAD_CONTENT_TYPES.join('、')}）。`,
        access: 'public',
        body: true,
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: BINARY } } } },
        },
        status: '204',
        answer: {},
        answerText: '已保存，无内容。',
      }),
    },
    {
      method: 'PUT',
      path: ADMIN_DESIGN_FILE_PATH,
      operation: operation({
        id: 'ADMIN_DESIGN_FILE_PATH',
        summary: 'Adds a draft or the final delivery to a demand (the file is the body).',
        access: 'operator',
        roles: ['service'],
        body: true,
        parameters: [...sidPath, ...parametersOf('query', json(ZDesignFileUploadQuery, 'input'))],
        requestBody: {
          required: true,
          content: Object.fromEntries(DESIGN_FILE_TYPES.map((type) => [type, { schema: BINARY }])),
        },
        answer: envelopeOf(ZAdminDemandDetails),
        answerText: '成功：定制需求的详情。',
      }),
    },
    {
      method: 'POST',
      path: ADMIN_TRACE_PATH,
      operation: operation({
        id: 'ADMIN_TRACE_PATH',
        summary:
          '溯源: reads a copy of a picture (the file is the body) against the trace marks of its material’s licences.',
        access: 'operator',
        roles: ADMIN_TRACE_ACCESS.roles,
        body: true,
        parameters: parametersOf('query', json(ZTraceQuery, 'input')),
        requestBody: {
          required: true,
          content: Object.fromEntries(TRACE_COPY_TYPES.map((type) => [type, { schema: BINARY }])),
        },
        answer: envelopeOf(ZTraceResponse),
        answerText: '成功：检出的授权（或未检出）与比对过的候选素材。',
      }),
    },
  ];
}
