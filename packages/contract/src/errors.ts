/**
 * The error catalogue: every non-zero `code` the API can answer with, its HTTP status, the
 * Chinese message users see, and how the web client treats it (spec §8). docs/errors.md is
 * written from this table.
 */

export type ClientPolicy = 'toast' | 'silent' | 'logout' | 'login' | 'company';

export interface ErrorSpec {
  code: number;
  http: number;
  message: string;
  policy: ClientPolicy;
}

function e(code: number, http: number, message: string, policy: ClientPolicy = 'toast'): ErrorSpec {
  return { code, http, message, policy };
}

export const ErrorCode = {
  /** Not signed in: the client opens the login dialog instead of a toast. */
  AUTH_REQUIRED: e(1000, 401, '请先登录', 'login'),
  VALIDATION: e(1001, 400, '请求参数不正确'),
  MALFORMED_BODY: e(1002, 400, '请求内容格式不正确'),
  NOT_FOUND: e(1004, 404, '请求的资源不存在'),
  ROUTE_NOT_FOUND: e(1005, 404, '接口不存在'),
  METHOD_NOT_ALLOWED: e(1006, 405, '不支持的请求方式'),
  PAYLOAD_TOO_LARGE: e(1007, 413, '请求内容过大'),
  UNSUPPORTED_MEDIA_TYPE: e(1008, 415, '不支持的请求内容类型'),
  RATE_LIMITED: e(1009, 429, '操作过于频繁，请稍后再试'),
  FORBIDDEN: e(1010, 403, '没有权限执行此操作'),
  CONFLICT: e(1011, 409, '数据已被修改，请刷新后重试'),
  COMPANY_REQUIRED: e(1012, 403, '请先完善企业信息', 'company'),
  /** The mail or SMS provider refused or could not be reached; the code was not kept. */
  MESSAGE_SEND_FAILED: e(1013, 502, '验证码发送失败，请稍后再试'),
  INTERNAL: e(1500, 500, '服务器开小差了，请稍后再试'),

  INVALID_CREDENTIALS: e(2001, 401, '账号或密码错误'),
  /** Token missing its signature, forged, wrong algorithm or malformed: the client logs out. */
  TOKEN_INVALID: e(2002, 401, '登录状态无效，请重新登录', 'logout'),
  /** Token expired or revoked (password changed, account disabled): the client logs out. */
  TOKEN_EXPIRED: e(2003, 401, '登录已过期，请重新登录', 'logout'),
  ACCOUNT_DISABLED: e(2004, 403, '账号已被停用，请联系主账号或客服'),
  EMAIL_TAKEN: e(2005, 409, '该邮箱已注册'),
  MOBILE_TAKEN: e(2006, 409, '该手机号已注册'),
  USERNAME_TAKEN: e(2007, 409, '该用户名已被使用'),
  ACCOUNT_NOT_FOUND: e(2008, 404, '该账号不存在'),
  /** A sub-account cannot sign in or act while its main account is disabled. */
  PARENT_ACCOUNT_DISABLED: e(2009, 403, '主账号已停用，子账号暂不能使用'),
  CODE_TOO_FREQUENT: e(2010, 429, '验证码发送过于频繁，请 60 秒后再试'),
  CODE_HOURLY_CAP: e(2011, 429, '验证码发送次数过多，请一小时后再试'),
  CODE_DAILY_CAP: e(2012, 429, '今日验证码发送次数已达上限，请明天再试'),
  CODE_INVALID: e(2013, 400, '验证码错误'),
  CODE_EXPIRED: e(2014, 400, '验证码已失效，请重新获取'),
  CODE_ATTEMPTS_EXCEEDED: e(2015, 400, '验证码错误次数过多，请重新获取'),
  MAIN_ACCOUNT_ONLY: e(2020, 403, '仅主账号可以执行此操作'),
  SUB_ACCOUNTS_DISABLED: e(2021, 403, '子账号功能未开通'),
  SAME_AS_CURRENT: e(2022, 400, '新账号与当前账号相同'),
  /** bind_* on an account that already has the address: the client should offer reset_* instead. */
  ALREADY_BOUND: e(2024, 409, '已绑定，如需修改请使用更换功能'),
  /** reset_* on an account without that address: the client should offer bind_* instead. */
  NOT_BOUND: e(2025, 409, '尚未绑定，请先绑定'),
  OPERATOR_ONLY: e(2030, 403, '仅运营人员可以访问'),
  DEV_ONLY: e(2031, 404, '接口不存在'),

  MATERIAL_NOT_FOUND: e(3001, 404, '素材不存在或已下架'),
  /** Free download asked for outside the material's free window. */
  MATERIAL_NOT_FREE: e(3002, 403, '该素材当前不在免费下载期内'),
  /** A signed original link that was altered or signed with another key. */
  DOWNLOAD_LINK_INVALID: e(3003, 403, '下载链接无效'),
  DOWNLOAD_LINK_EXPIRED: e(3004, 403, '下载链接已过期，请重新获取'),

  /* 31xx: media upload and processing (operator console). The server may put the exact limit
     into the message, e.g. "图片不能超过 50 MB". */
  /** Over the upload cap (a separate, smaller cap applies to images). */
  FILE_TOO_LARGE: e(3101, 413, '文件过大，超出上传大小限制'),
  /** The content (magic bytes) is none of the accepted types, whatever the name or declared type. */
  UNSUPPORTED_FILE_TYPE: e(
    3102,
    415,
    '不支持的文件类型：仅支持 JPEG、PNG、WebP、TIFF 图片和 MP4、MOV 视频（按文件内容识别，与扩展名无关）',
  ),
  /** Width × height above the pixel cap, refused from the header before any decoding. */
  IMAGE_TOO_MANY_PIXELS: e(3103, 422, '图片像素过大，超出上传限制'),
  /** Truncated, damaged or fake file of an accepted type. */
  CORRUPT_FILE: e(3104, 422, '文件已损坏或不完整，无法读取，请检查后重新上传'),
  /** No ffmpeg/ffprobe on this server: videos cannot be checked or previewed. */
  VIDEO_PROCESSING_UNAVAILABLE: e(3105, 503, '服务器暂不支持视频处理（未安装 ffmpeg），请联系技术人员或先上传图片'),
  UPLOAD_FILE_REQUIRED: e(3106, 400, '请选择要上传的文件'),
  UPLOAD_TOO_MANY_FILES: e(3107, 400, '每次请求只能上传一个文件'),
  /** Video resolution or duration beyond what the server processes. */
  VIDEO_TOO_LARGE: e(3108, 422, '视频分辨率或时长超出限制'),
  /** Image smaller than anything worth selling (a few pixels). */
  IMAGE_TOO_SMALL: e(3109, 422, '图片尺寸过小'),
  /** Reprocessing asked for while a job for the material is still queued or running. */
  MEDIA_JOB_PENDING: e(3110, 409, '该素材正在处理中，请稍后再试'),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCodeName = keyof typeof ErrorCode;

/** Codes that never show a toast (spec §8). */
export const SILENT_CODES: ReadonlySet<number> = new Set([1000, 2002, 2003]);
/** Codes after which the client logs out (spec §8). */
export const LOGOUT_CODES: ReadonlySet<number> = new Set([2002, 2003]);

const byCode = new Map<number, ErrorSpec>(Object.values(ErrorCode).map((s) => [s.code, s]));

export function errorSpecOf(code: number): ErrorSpec | undefined {
  return byCode.get(code);
}
