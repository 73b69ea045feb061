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
  PAYLOAD_TOO_LARGE: e(1007, 413, '请求内容过大'),
  UNSUPPORTED_MEDIA_TYPE: e(1008, 415, '不支持的请求内容类型'),
  RATE_LIMITED: e(1009, 429, '操作过于频繁，请稍后再试'),
  FORBIDDEN: e(1010, 403, '没有权限执行此操作'),
  CONFLICT: e(1011, 409, '数据已被修改，请刷新后重试'),
  COMPANY_REQUIRED: e(1012, 403, '请先完善企业信息', 'company'),
  /** The mail or SMS provider refused or could not be reached; the code was not kept. */
  MESSAGE_SEND_FAILED: e(1013, 502, '验证码发送失败，请稍后再试'),
  /** A status change the entity's state machine does not allow (contract/order-state.ts). */
  ILLEGAL_STATE_TRANSITION: e(1014, 409, '当前状态不允许此操作，请刷新后重试'),
  INTERNAL: e(1500, 500, '服务器开小差了，请稍后再试'),
  /** The database did not answer in time or refused the connection. */
  DATABASE_UNAVAILABLE: e(1600, 503, '数据库暂时无法访问，请稍后再试'),
  /** Readiness: this server should not get traffic now (draining, database or storage down). */
  SERVICE_NOT_READY: e(1601, 503, '服务暂不可用，请稍后再试'),
  /** Load shed while the event loop is overloaded; the answer carries Retry-After. */
  SERVER_BUSY: e(1602, 503, '服务器繁忙，请稍后再试'),
  /** /metrics without the right bearer token. */
  METRICS_TOKEN_REQUIRED: e(1603, 401, '需要有效的监控令牌'),
  /**
   * Readiness: another server runs on the same database while this one keeps its media on local
   * disk; what one server stores the others cannot serve. Several servers need shared S3 storage.
   */
  STORAGE_NOT_SHARED: e(
    1604,
    503,
    '多台服务器共用一个数据库时必须使用共享的 S3 兼容对象存储（STORAGE_DRIVER=s3），本服务器的媒体存放在本地磁盘',
  ),

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
  /**
   * Too many wrong passwords for one account: sign-in is refused, even with the right password,
   * until the lock ends. The server writes the time into the message (signInLockedMessage).
   */
  SIGN_IN_LOCKED: e(2040, 429, '密码错误次数过多，账号已暂时锁定，请稍后再试'),
  /** A sub-account's email or mobile is bound only with a code sent to that address. */
  SUB_CONTACT_NEEDS_CODE: e(2041, 400, '子账号的邮箱或手机号需通过验证码验证后绑定'),
  /** Many codes were asked for from one network: the client shows a proof-of-work check first. */
  CHALLENGE_REQUIRED: e(2042, 428, '请先完成人机验证'),
  /** A proof-of-work answer that is wrong, expired, forged or used before. */
  CHALLENGE_INVALID: e(2043, 400, '人机验证未通过或已失效，请重新验证'),

  /* 2050–2059: operator accounts, roles and TOTP sign-in (docs/decisions/0028-operator-roles.md). */
  /**
   * The operator's roles do not include one the endpoint admits; nothing was read or changed.
   * The server names the roles that may do it, e.g. 「财务」或「管理员」.
   */
  OPERATOR_ROLE_FORBIDDEN: e(2050, 403, '您的角色无权执行此操作'),
  /** Right password, TOTP on, no code sent: the sign-in form asks for the authenticator code. */
  TOTP_REQUIRED: e(2051, 401, '请输入身份验证器上的 6 位动态验证码'),
  /** A wrong, expired or already used authenticator code (counts as a wrong password). */
  TOTP_INVALID: e(2052, 401, '动态验证码错误或已过期，请输入身份验证器上的最新验证码'),
  /** Enabling TOTP without a secret set up first (or TOTP is on already). */
  TOTP_NOT_PENDING: e(2053, 409, '请先生成二维码并用身份验证器扫描'),
  /** Turning TOTP off when it is not on. */
  TOTP_NOT_ENABLED: e(2054, 409, '尚未开启动态验证码登录'),
  OPERATOR_NOT_FOUND: e(2055, 404, '运营账号不存在'),
  /** The change would leave no enabled 管理员 to manage the accounts. */
  LAST_ADMINISTRATOR: e(2056, 409, '至少需要保留一个启用的管理员账号'),
  /** An administrator disabling its own account or dropping its own 管理员 role. */
  OPERATOR_SELF_LOCKOUT: e(2057, 409, '不能停用自己的账号或取消自己的管理员角色，请让其他管理员操作'),
  /** The current password given to change the password or TOTP is wrong. */
  CURRENT_PASSWORD_WRONG: e(2058, 400, '当前密码不正确'),
  /** Setting up TOTP again while it is on: it is turned off first (with a code), then set up anew. */
  TOTP_ALREADY_ENABLED: e(2059, 409, '已开启动态验证码登录，如需更换身份验证器请先关闭后重新开启'),

  MATERIAL_NOT_FOUND: e(3001, 404, '素材不存在或已下架'),
  /** Free download asked for outside the material's free window. */
  MATERIAL_NOT_FREE: e(3002, 403, '该素材当前不在免费下载期内'),
  /** A signed original link that was altered or signed with another key. */
  DOWNLOAD_LINK_INVALID: e(3003, 403, '下载链接无效'),
  DOWNLOAD_LINK_EXPIRED: e(3004, 403, '下载链接已过期，请重新获取'),
  /** Operator: an edit made on a form loaded before someone else's saved edit of the material. */
  MATERIAL_EDITED_ELSEWHERE: e(3005, 409, '该素材已被他人修改，请重新加载后再编辑'),

  /* 3010–3029: review before sale, duplicates and upload batches (docs/decisions/0030-review-before-sale.md). */
  /** The uploaded bytes are those of an existing material; the server names it (素材编号) in the message. */
  MATERIAL_DUPLICATE: e(3010, 409, '该文件与已有素材完全相同，已拒绝重复上传'),
  /** 驳回 of a material that is no longer 待审核 (another operator reviewed it). */
  MATERIAL_NOT_PENDING_REVIEW: e(3011, 409, '该素材不在待审核状态，请刷新后查看'),
  /** 提交上架 or 驳回 of a material already on sale; 下架 is done in 素材管理. */
  MATERIAL_ALREADY_LISTED: e(3012, 409, '该素材已上架，如需停止销售请在素材管理中下架'),
  /** 提交上架 before the previews are made (or after processing failed): buyers would see nothing. */
  MATERIAL_NOT_PROCESSED: e(3013, 409, '素材尚未处理完成，暂不能上架'),
  UPLOAD_BATCH_NOT_FOUND: e(3014, 404, '上传批次不存在'),
  UPLOAD_FILE_NOT_FOUND: e(3015, 404, '该上传文件不存在'),
  /** Sending a file again whose bytes already became a material or were refused as a duplicate. */
  UPLOAD_FILE_DONE: e(3016, 409, '该文件已上传完成，无需重新上传'),
  /** 取消 of a file whose bytes already arrived. */
  UPLOAD_FILE_NOT_CANCELLABLE: e(3017, 409, '该文件已上传完成，无法取消'),
  /** The operator cancelled the file while its bytes were arriving: nothing was kept. */
  UPLOAD_FILE_CANCELLED: e(3018, 409, '该文件的上传已取消'),

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

  /* 4xxx: cart, orders, payments, coupons, the wallet, licences. */
  ORDER_NOT_FOUND: e(4001, 404, '订单不存在'),
  /** Paying an order that is not waiting for payment (paid, cancelled). */
  ORDER_NOT_PAYABLE: e(4002, 409, '订单当前状态不能支付'),
  /** Cancelling an order that is not waiting for payment. */
  ORDER_NOT_CANCELLABLE: e(4003, 409, '订单当前状态不能取消'),
  ORDER_EMPTY: e(4004, 400, '请选择要购买的素材'),
  /** The licence type asked for is not one the material offers. */
  LICENCE_TYPE_NOT_OFFERED: e(4006, 400, '该素材不提供所选授权类型'),
  /** A disabled (withdrawn) material cannot be chosen in the cart or bought. */
  MATERIAL_DISABLED: e(4007, 409, '该素材已下架，无法购买'),
  /** The only recharge is the VIP monthly fee. */
  RECHARGE_PRICE_INVALID: e(4008, 400, '请选择要充值的金额'),
  WALLET_RECHARGE_NOT_BY_WALLET: e(4009, 400, '充值订单不能使用余额支付'),
  /** The order already has another payment method (spec §4: the choice cannot be changed). */
  PAY_WAY_LOCKED: e(4010, 409, '该订单已选择其他支付方式，支付方式选择后不可更改'),
  /** The server writes the actual balance into the message with balanceTooLowMessage. */
  BALANCE_INSUFFICIENT: e(4011, 409, '余额不足，请使用其他方式支付'),
  /** A sub-account pays from the parent's wallet only after the parent approves the order. */
  AUDIT_REQUIRED: e(4012, 403, '子账号使用余额支付需主账号审批通过，已提交审批'),
  AUDIT_REJECTED: e(4013, 403, '主账号未通过该订单的余额支付审批'),
  /** Approving an order that is not waiting for approval. */
  AUDIT_NOT_PENDING: e(4014, 409, '该订单不在待审批状态'),
  CART_FULL: e(4015, 409, '购物车最多添加 100 个素材'),
  /** Confirming or rejecting a transfer for an order that is not waiting for one. */
  TRANSFER_NOT_PENDING: e(4016, 409, '该订单不是待确认的对公转账订单'),
  /** The material takes no customization (a video, or a disabled material). */
  CUSTOM_NOT_OFFERED: e(4017, 409, '该素材暂不支持定制'),
  COUPON_INVALID: e(4020, 400, '优惠码无效'),
  COUPON_EXPIRED: e(4021, 400, '优惠码已过期'),
  COUPON_NOT_STARTED: e(4022, 400, '优惠码尚未到使用时间'),
  COUPON_USED_UP: e(4023, 409, '优惠码使用次数已达上限'),
  COUPON_NOT_APPLICABLE: e(4024, 400, '该优惠码不适用于此订单'),
  COUPON_ALREADY_USED: e(4025, 409, '您已使用过该优惠码'),
  /** Operator console: a coupon with that code exists already (codes are unique, any case). */
  COUPON_CODE_TAKEN: e(4026, 409, '该优惠码已存在，请换一个优惠码'),
  COUPON_NOT_FOUND: e(4027, 404, '优惠券不存在'),
  /** Ending a coupon whose validity is over already. */
  COUPON_ALREADY_ENDED: e(4028, 409, '该优惠券已结束'),
  /** Download or certificate of a material the account has no paid licence for. */
  NOT_ENTITLED: e(4030, 403, '您尚未购买该素材的授权，请先购买'),
  CERTIFICATE_NOT_FOUND: e(4031, 404, '授权证书不存在'),

  /* 312x: the customer-service QR setting (modules/service-contact). */
  /** The uploaded file is not a PNG, JPEG or WebP picture that decodes. */
  SERVICE_QR_NOT_IMAGE: e(3120, 400, '上传的文件不是可识别的图片，请上传 PNG、JPEG 或 WebP 格式的二维码图片'),
  /** Too small to be scanned, or absurdly large. */
  SERVICE_QR_BAD_SIZE: e(3121, 400, '二维码图片尺寸需在 120×120 至 4000×4000 像素之间'),

  /* 404x: online payment (payments/, modules/payment). */
  /** WeChat Pay or Alipay is neither configured nor stood in for by the sandbox. */
  PAYMENT_METHOD_UNAVAILABLE: e(4040, 503, '该支付方式暂未开通，请选择其他支付方式'),
  /** The gateway could not be reached or refused to create the payment. */
  PAYMENT_GATEWAY_FAILED: e(4041, 502, '支付渠道暂时不可用，请稍后再试'),
  /** A price of 0 cannot be collected online (gateways need at least 0.01). */
  PAYMENT_AMOUNT_INVALID: e(4042, 409, '订单金额为 0，无需付款，请选择余额支付直接完成订单'),
  /** Sandbox pay page for a payment number that does not exist. */
  PAYMENT_NOT_FOUND: e(4043, 404, '支付单不存在'),
  /** Sandbox pay page for a payment that was closed, paid or replaced. */
  PAYMENT_CLOSED: e(4044, 409, '该支付单已关闭或已完成，请回到订单页重新发起支付'),

  /* 4050–4069: money holes (coupon claims, free orders, cancel, ownership). */
  /** The selection costs more than ORDER_MAX_TOTAL_CENTS. */
  ORDER_TOTAL_TOO_LARGE: e(4050, 400, '订单金额超过单笔上限 ¥20,000,000.00，请分多笔下单'),
  /** The account's coupon use is held by another unpaid order of the same account. */
  COUPON_HELD_BY_OTHER_ORDER: e(4051, 409, '该优惠码已用于您的另一笔待支付订单，请先支付或取消那笔订单'),
  /** Operator: a transfer at a coupon price whose coupon use is not held by the order. */
  COUPON_CLAIM_MISSING: e(4052, 409, '该订单的优惠码未被保留（已用完或已被使用），不能按优惠价确认收款'),
  /** The buyer's cancel found the order paid (a payment beat it); it stays paid. */
  ORDER_ALREADY_PAID: e(4054, 409, '该订单已支付成功，无法取消'),
  /** The gateway could not be asked to close the order's trade; cancelling now could lose a payment. */
  PAYMENT_CLOSE_FAILED: e(4055, 503, '支付渠道暂时无法关闭该笔交易，请稍后再取消订单'),
  /** The company already owns this licence (or a better one) for the material. */
  LICENCE_ALREADY_OWNED: e(4056, 409, '您的公司已购买该素材的同级或更高授权，无需重复购买'),
  /** The company's 高级定制授权 of the material already pays for another unpaid custom order (docs/decisions/0023). */
  CUSTOM_CREDIT_HELD: e(
    4057,
    409,
    '该素材的高级定制授权已用于您公司的另一笔待支付定制订单，请在“我的订单”中完成或取消那笔订单',
  ),

  /* 4100–4119: VAT invoices. */
  /** Only a paid order can be invoiced. */
  INVOICE_ORDER_NOT_PAID: e(4100, 409, '只能为已支付的订单申请发票'),
  /** A licence paid from the wallet was invoiced with the recharge that funded it (decision 0014). */
  INVOICE_ORDER_WALLET_PAID: e(4101, 409, '余额支付的订单已随充值订单开票，请对充值订单申请发票'),
  /** The order is on a request waiting for the operator or on an issued invoice. */
  INVOICE_ALREADY_REQUESTED: e(4102, 409, '该订单已申请或已开具发票，不能重复申请'),
  /** Nothing was paid for the order (a coupon covered it). */
  INVOICE_AMOUNT_ZERO: e(4103, 409, '该订单实付金额为 0，无需开具发票'),
  /** No invoice was requested for the order. */
  INVOICE_NOT_FOUND: e(4104, 404, '该订单尚未申请发票'),
  /** The invoice is still being prepared (or was rejected): there is no PDF to download. */
  INVOICE_NOT_ISSUED: e(4105, 409, '发票尚未开具，开具后即可下载'),
  /** Operator: the uploaded file is not a PDF. */
  INVOICE_FILE_NOT_PDF: e(4106, 400, '请上传 PDF 格式的发票文件'),
  /** Operator: only an issued invoice can be voided or reversed (decision 0025). */
  INVOICE_NOT_VOIDABLE: e(4107, 409, '只有已开具的发票可以作废或红冲'),
  /** Operator: an e-invoice the provider issued cannot be voided, only reversed (红冲). */
  INVOICE_PROVIDER_NO_VOID: e(4108, 409, '电子发票服务商开具的发票不能作废，请选择红冲'),
  /** Operator: the e-invoicing provider refused the red-letter request or could not be reached. */
  INVOICE_PROVIDER_REVERSE_FAILED: e(4109, 502, '电子发票服务商未受理红冲申请，发票仍为已开具，请稍后重试'),
  /** The order's invoice was voided or reversed: there is no valid PDF to download. */
  INVOICE_VOIDED: e(4110, 409, '该发票已作废或红冲，不能下载'),

  /* 4120–4129: the satisfaction survey. */
  /** The survey follows the company's first paid order. */
  SURVEY_NOT_AVAILABLE: e(4120, 409, '完成首笔订单后即可参与满意度调查'),
  /** The company has already answered (any of its accounts): once per company, never counted twice. */
  SURVEY_ALREADY_ANSWERED: e(4121, 409, '贵公司已提交过满意度调查，感谢您的反馈'),

  /* 4130–4139: licence upgrades (paying the difference, docs/decisions/0016). */
  /** The company holds no licence of the material that could be upgraded. */
  LICENCE_UPGRADE_NOT_OWNED: e(4130, 409, '您的公司尚未购买该素材的授权，请先购买后再升级'),
  /** The target is the licence held, or a narrower one. */
  LICENCE_UPGRADE_NOT_HIGHER: e(4131, 400, '只能升级到更高级别的授权（新媒体授权 → 标准授权 → 扩展授权）'),
  /** The material's resolution (its licence types) does not allow the target licence. */
  LICENCE_UPGRADE_NOT_OFFERED: e(4132, 400, '该素材的分辨率不支持所选授权，无法升级'),
  /** Premium custom is a service of its own: neither upgraded from nor to. */
  LICENCE_UPGRADE_PREMIUM: e(4133, 400, '高级定制授权不支持补差价升级'),
  /** Another unpaid upgrade order of the company for the same material. */
  LICENCE_UPGRADE_PENDING: e(4134, 409, '该素材已有一笔待支付的授权升级订单，请先支付或取消该订单'),

  /* 4140–4149: sub-account budgets, operator coupon grants, e-invoicing. */
  /** Approving the order would take the sub-account past its monthly budget (the message names the amounts). */
  SUB_BUDGET_EXCEEDED: e(4140, 409, '超出该子账号本月预算，不能通过审批'),
  /** The coupon an operator grants from has ended: copies of it could never be used. */
  COUPON_GRANT_SOURCE_ENDED: e(4141, 409, '该优惠券已结束，不能再发放给用户'),

  /* 4150–4169: refunds, payment exceptions and bank-transfer arrivals (docs/decisions/0029). */
  /** Only a paid order is refunded, once. */
  REFUND_ORDER_NOT_PAID: e(4150, 409, '只有已支付的订单可以退款，该订单未支付或已退款'),
  /** A free (¥0) order took no money: there is nothing to give back. */
  REFUND_NOTHING_RECEIVED: e(4151, 409, '该订单实收金额为 0，没有可退的款项'),
  /** The amount asked is not above 0 or above what the payment brought in. */
  REFUND_AMOUNT_INVALID: e(4152, 400, '退款金额须大于 0，且不能超过实收金额'),
  /** A delivered custom design is the buyer's exclusive licence (spec §9: digital goods are not refundable). */
  REFUND_DESIGN_DELIVERED: e(4153, 409, '定制设计已交付终稿，不能退款'),
  /** Drafts were shown: the amount is the operator's, agreed with the buyer (docs/decisions/0029). */
  REFUND_DESIGN_AMOUNT_REQUIRED: e(4154, 400, '设计稿已交付买家，请填写与买家协商的退款金额'),
  /** A VIP recharge is refundable only while none of its money was spent. */
  REFUND_RECHARGE_SPENT: e(4155, 409, '该充值的余额已被使用，不能退款'),
  /** The order's licence was upgraded since: the upgrade order is refunded first. */
  REFUND_LICENCE_UPGRADED: e(4156, 409, '该订单的授权已升级，请先为升级订单退款'),
  /** The order's 高级定制授权 pays for a custom order that is not cancelled or refunded. */
  REFUND_CREDIT_IN_USE: e(4157, 409, '该订单的高级定制授权已用于一笔定制订单，请先取消或退款那笔定制订单'),
  /** A bank payout names the bank's serial number and the day the money left. */
  REFUND_BANK_DETAILS_REQUIRED: e(4158, 400, '请填写银行流水号和退款日期'),
  REFUND_NOT_FOUND: e(4159, 404, '退款记录不存在'),
  /** Only a refund the gateway refused is asked again or paid out by bank. */
  REFUND_NOT_FAILED: e(4160, 409, '只有退款失败的记录可以重新发起或登记线下退款'),
  /** The idempotency key of one refund request was sent for another order or exception. */
  REFUND_KEY_REUSED: e(4161, 409, '该退款请求编号已用于另一笔退款，请关闭对话框后重试'),
  PAYMENT_EXCEPTION_NOT_FOUND: e(4162, 404, '该支付异常不存在'),
  /** Refunding or handling an exception that is no longer 待处理. */
  PAYMENT_EXCEPTION_RESOLVED: e(4163, 409, '该支付异常已处理，请刷新后查看'),
  /** The gateway did not say how much arrived: it is refunded in the merchant platform, then marked handled. */
  PAYMENT_EXCEPTION_NO_AMOUNT: e(4164, 409, '该异常款项的金额未知，请在支付渠道商户后台退款后标记为已处理'),
  /** The gateway that took the money is not configured on this server now. */
  REFUND_GATEWAY_UNAVAILABLE: e(4165, 503, '该款项的支付渠道暂未开通，无法原路退款'),
  /** 确认到账 with an amount other than the order's, without the operator's decision. */
  TRANSFER_AMOUNT_DIFFERS: e(4166, 409, '到账金额与订单待收金额不一致，请确认处理方式后再提交'),
  /** The statement line was recorded before (for this order or another). */
  TRANSFER_SERIAL_USED: e(4167, 409, '该银行流水号已登记过，请核对银行流水'),
  /** Download or certificate of a licence whose order was refunded. */
  LICENCE_REVOKED: e(4168, 403, '该授权已因订单退款而终止，不能再下载原图或证书'),

  /* 4200–4209: direct uploads for custom design (modules/upload). The server may put the exact
     limit into the message, e.g. "Logo 不能超过 5 MB". */
  /** The declared type or the bytes are not a JPEG, PNG or WebP picture (or they disagree). */
  UPLOAD_TYPE_NOT_ALLOWED: e(4200, 415, '仅支持 JPEG、PNG、WebP 格式的图片（按文件内容识别）'),
  UPLOAD_TOO_LARGE: e(4201, 413, '文件过大，超出上传大小限制'),
  /** The upload credentials' time is over. */
  UPLOAD_POLICY_EXPIRED: e(4202, 403, '上传凭证已过期，请重新上传'),
  /** The policy or a form field was altered, or the fields do not match the policy. */
  UPLOAD_POLICY_INVALID: e(4203, 403, '上传凭证无效，请重新上传'),
  /** A key outside this account's prefix for that purpose. */
  UPLOAD_KEY_FORBIDDEN: e(4204, 403, '该文件不属于当前账号，无法使用'),
  /** A key never issued, never uploaded, or purged. */
  UPLOAD_NOT_FOUND: e(4205, 404, '文件未上传或已失效，请重新上传'),
  /** Bytes of an accepted type that do not decode (damaged, cut short, a fake). */
  UPLOAD_NOT_IMAGE: e(4206, 422, '文件不是有效的图片或已损坏，请重新上传'),
  /** Width or height outside the purpose's limits. */
  UPLOAD_BAD_DIMENSIONS: e(4207, 422, '图片尺寸不符合要求'),

  /* 4210–4229: custom design. */
  /** No such request in the buyer's company (or for the operator). */
  DEMAND_NOT_FOUND: e(4210, 404, '定制需求不存在'),
  /** The move does not fit where the request stands (e.g. a draft for a cancelled request). */
  DEMAND_WRONG_STAGE: e(4211, 409, '定制需求当前状态不能进行此操作，请刷新后重试'),
  /** Feedback after the last revision round. */
  DEMAND_NO_REVISIONS_LEFT: e(4212, 409, '修改次数已用完（共 2 次），设计师将交付最终文件'),
  /** A comment on a draft that is not the latest one. */
  DEMAND_DRAFT_NOT_CURRENT: e(4213, 409, '只能对最新的设计稿提出修改意见'),
  /** Feedback with no comment and no message. */
  DEMAND_FEEDBACK_EMPTY: e(4214, 400, '请先在设计稿上标注或填写修改意见'),
  /** Too many pinned comments on one draft. */
  DEMAND_TOO_MANY_COMMENTS: e(4215, 409, '每张设计稿最多 30 条标注'),
  /** The final delivery was made already. */
  DEMAND_ALREADY_DELIVERED: e(4216, 409, '该定制已交付，不能重复交付'),
  /** Operator: the uploaded design file is not a picture or MP4 video. */
  DESIGN_FILE_TYPE: e(4217, 400, '设计稿和最终文件只支持 JPG、PNG、WebP 图片或 MP4 视频（PDF 等文件请先导出为图片）'),
  /** The designer named is not an active operator. */
  DESIGNER_NOT_FOUND: e(4218, 404, '设计师不存在或已停用'),
  /** A draft before anyone took the work on. */
  DEMAND_NOT_ASSIGNED: e(4219, 409, '请先指派设计师'),
  /* 4340–4349: personal-information requests (PIPL). */
  /** No such request of the account (or for the operator). */
  PRIVACY_REQUEST_NOT_FOUND: e(4340, 404, '隐私请求不存在'),
  /** The account already has a waiting request of that kind. */
  PRIVACY_REQUEST_OPEN: e(4341, 409, '您已有一个同类的请求正在处理中，请等待处理结果'),
  /** The request was answered already (carried out or refused). */
  PRIVACY_REQUEST_CLOSED: e(4342, 409, '该请求已处理，不能重复操作'),
  /** An operator action that does not fit the request's kind (a copy for a correction…). */
  PRIVACY_WRONG_KIND: e(4343, 409, '该操作不适用于此类请求'),
  /** Deletion asked or carried out while orders, demands, invoices or refunds are unfinished; the message lists them. */
  PRIVACY_DELETION_BLOCKED: e(4344, 409, '账号还有未完成的事项，暂不能注销'),
  /** Deletion asked while the wallet holds unexpired money and the user did not agree to give it up. */
  PRIVACY_BALANCE_NOT_FORFEITED: e(4345, 409, '钱包尚有未过期余额，请先使用，或确认放弃余额后再申请注销'),
  /** The account was deleted already: nothing is done again. */
  PRIVACY_ACCOUNT_DELETED: e(4346, 409, '该账号已注销，不能重复注销'),
  /** The copy has not been produced (the request is waiting or was refused). */
  PRIVACY_ARCHIVE_NOT_READY: e(4347, 409, '数据副本尚未生成'),
  /** The copy's download period is over and the file was removed. */
  PRIVACY_ARCHIVE_EXPIRED: e(4348, 410, '数据副本的下载期限已过，请重新申请'),
  /** 启用 of an account deleted at its owner's request: its personal data is gone for good. */
  ACCOUNT_ERASED: e(4349, 409, '该账号已按用户申请注销，个人信息已删除，不能重新启用'),
  /* 4350–4359: the console's small guards (bulk edits replayed…). */
  /** A bulk edit's idempotency key sent again with another change, selection or operator. */
  BULK_KEY_REUSED: e(4350, 409, '该批量修改请求编号已用于另一次修改，请关闭对话框后重新确认'),

  /* 4300–4319: analytics and the 数据看板. */
  /** A dashboard range (or its CSV) longer than DASHBOARD_MAX_DAYS. */
  DASHBOARD_RANGE_TOO_LONG: e(4300, 400, '统计区间最长 366 天，请缩短日期范围'),
  /* 4320–4339: content the operators edit (modules/content, docs/decisions/0042). */
  /** A content key no document has. */
  CONTENT_NOT_FOUND: e(4320, 404, '内容不存在'),
  /** A version number the document does not have. */
  CONTENT_VERSION_NOT_FOUND: e(4321, 404, '该版本不存在'),
  /** Publishing a version that is not the document's draft (already published, or replaced). */
  CONTENT_NOT_DRAFT: e(4322, 409, '只能发布尚未发布的草稿，请刷新后重试'),
  /** Rolling back to the version already shown. */
  CONTENT_ALREADY_PUBLISHED: e(4323, 409, '该版本就是当前发布的版本'),
  /** A draft saved from a version that is no longer the newest: another operator saved or published meanwhile. */
  CONTENT_EDIT_CONFLICT: e(4324, 409, '内容已被其他人修改，请刷新后在最新版本上编辑'),
  /** The agreement changed after the page showed it: the user must read the new text. */
  CONSENT_OUTDATED: e(4325, 409, '协议内容已更新，请重新阅读后再勾选同意'),
  /* 4420–4439: channel-ready cuts of a licensed material (docs/decisions/0046). */
  /** The original is smaller than the channel's size: a cut is never enlarged. */
  PRESET_TOO_LARGE: e(4420, 409, '该素材的授权分辨率不足以生成此渠道尺寸（不会放大画面），请选择其他尺寸或下载原图'),
  /** A video is reframed to 9:16 and 1:1 only; for the pictures' other formats it is downloaded as its original. */
  PRESET_NOT_FOR_VIDEO: e(
    4421,
    409,
    '视频素材仅提供抖音竖屏（9:16）与天猫、京东主图视频（1:1）尺寸，其他渠道请下载原片',
  ),
  /** The original could not be read to make the cut (damaged or missing file). */
  PRESET_RENDER_FAILED: e(4422, 502, '渠道尺寸图片生成失败，请稍后重试或下载原图'),
  /** A video's reframe is being made (in the background, minutes for a long video): nothing is downloaded or counted yet. */
  PRESET_PREPARING: e(4423, 409, '该渠道尺寸的视频正在生成，请稍候几分钟后再下载'),
  /** Too many videos are being reframed on this server at once: the request is not queued. */
  PRESET_QUEUE_FULL: e(4424, 503, '渠道尺寸视频生成任务较多，请稍后再试'),
  /** The last attempt to reframe the video failed; the next download tries again. */
  PRESET_VIDEO_FAILED: e(4425, 502, '渠道尺寸视频生成失败，请稍后重试或下载原片'),
  /* 4440–4459: a company's boards (收藏夹, modules/board, docs/decisions/0047). */
  /** No such board, or it belongs to another company: both answer alike so a sid reveals nothing. */
  BOARD_NOT_FOUND: e(4440, 404, '收藏夹不存在或不属于您的公司'),
  BOARD_LIMIT_REACHED: e(4441, 409, '每个公司最多创建 50 个收藏夹，请先删除不用的收藏夹'),
  BOARD_FULL: e(4442, 409, '每个收藏夹最多收藏 200 个素材'),
  /** A sub-account renaming, deleting or sharing a board another account made. */
  BOARD_NOT_EDITABLE: e(4443, 403, '只有主账号或收藏夹的创建者可以修改、删除或分享此收藏夹'),
  BOARD_ITEM_NOT_FOUND: e(4444, 404, '收藏夹中没有这个素材'),
  BOARD_COMMENTS_FULL: e(4445, 409, '每个素材最多 200 条评论'),
  /** An unknown, revoked or expired share link: alike, so a client cannot tell them apart. */
  BOARD_SHARE_NOT_FOUND: e(4446, 404, '分享链接不存在或已失效'),
  BOARD_SHARES_FULL: e(4447, 409, '每个收藏夹最多 5 个有效的分享链接，请先撤销不用的链接'),
  BOARD_NAME_TAKEN: e(4448, 409, '已有同名的收藏夹，请换一个名称'),
  /** "Buy all" on a board whose every material is off sale. */
  BOARD_NOTHING_TO_BUY: e(4449, 409, '收藏夹中没有可购买的素材'),
  /** "Buy all" that would take the cart past CART_MAX_ITEMS: nothing is added. */
  BOARD_CART_TOO_SMALL: e(4450, 409, '购物车放不下收藏夹中的全部素材（最多 100 个），请先清理购物车'),
  /* 4400–4419: jewellery facets (metal, gem, piece, scene; docs/decisions/0045). */
  /** A metal the vocabulary does not have (search filter, upload, edit or bulk edit); the message names it. */
  FACET_METAL_UNKNOWN: e(4400, 400, '不支持的金属筛选值'),
  /** A gem the vocabulary does not have. */
  FACET_GEM_UNKNOWN: e(4401, 400, '不支持的宝石筛选值'),
  /** A kind of piece the vocabulary does not have. */
  FACET_PIECE_UNKNOWN: e(4402, 400, '不支持的款式筛选值'),
  /** A scene the vocabulary does not have. */
  FACET_SCENE_UNKNOWN: e(4403, 400, '不支持的场景筛选值'),
  /** More values in one facet filter than the facet has. */
  FACET_TOO_MANY_VALUES: e(4404, 400, '同一筛选项最多选择 7 个值'),
  /** A bulk "set facets" that sets nothing. */
  FACET_BULK_EMPTY: e(4405, 400, '请至少选择一项要设置的属性'),
  /* 4460–4479: colour search and similar pieces (docs/decisions/0048). */
  /** `color=` that is not six hexadecimal digits (`d4af37` or `#d4af37`): nothing is searched. */
  COLOR_INVALID: e(4460, 400, '颜色格式不正确，请使用 6 位十六进制颜色值，例如 D4AF37'),
  /* 4480–4499: the trace mark on delivered originals and 溯源 (docs/decisions/0049). */
  /** A 溯源 upload of another type than a JPEG, PNG or WebP picture or an MP4, MOV or WebM video, or a picture whose bytes are not one. */
  TRACE_COPY_NOT_IMAGE: e(4480, 415, '请上传 JPG、PNG、WebP 格式的图片，或 MP4、MOV、WebM 格式的短视频'),
  /** A 溯源 upload over TRACE_COPY_MAX_BYTES. */
  TRACE_COPY_TOO_LARGE: e(4481, 413, '文件不能超过 20 MB'),
  /** A copy too small to carry the mark's cells (shorter side under TRACE_COPY_MIN_SIDE; a video's frames too). */
  TRACE_COPY_TOO_SMALL: e(4482, 400, '图片或视频画面太小（短边不足 64 像素），无法检测'),
  /** No material looks like the copy (perceptual hash; a video copy: like no video material): nothing to read it against. */
  TRACE_NO_CANDIDATE: e(4483, 404, '未找到与上传文件相似的素材，无法溯源；如知道素材编号，请填写后重试'),
  /** The material named for a trace does not exist. */
  TRACE_MATERIAL_NOT_FOUND: e(4484, 404, '素材不存在，请检查素材编号'),
  /** The material named for a trace is a video and this server cannot read videos (no ffmpeg), or its original is unreadable; or the copy is a video and this server has no ffmpeg. */
  TRACE_VIDEO_UNAVAILABLE: e(4485, 503, '暂时无法读取该视频素材，请稍后重试'),
  /** The licence's marked copy of an original could not be made (an unreadable original): nothing is served. */
  TRACE_MARK_FAILED: e(4486, 503, '原图准备失败，请稍后重试'),
  /** A licence's marked copy of a video is being made (a media job): the download is asked again later. */
  TRACE_VIDEO_PREPARING: e(4487, 409, '正在为本授权准备带溯源标记的视频，请稍候几分钟后再下载'),
  /** Too many marked videos are being made across the servers: nothing is queued. */
  TRACE_VIDEO_QUEUE_FULL: e(4488, 503, '视频准备任务较多，请稍后再下载'),
  /** The licence's marked copy of a video failed its last attempt (told once; the next download queues it again). */
  TRACE_VIDEO_FAILED: e(4489, 502, '带溯源标记的视频生成失败，请稍后重试'),
  /** A 溯源 upload sent as a video whose bytes are not an MP4, MOV or WebM video ffprobe can read, or with no frame to grab. */
  TRACE_COPY_VIDEO_UNREADABLE: e(
    4490,
    415,
    '无法读取该视频文件，请上传 MP4、MOV 或 WebM 格式的视频，或截取其中一帧画面上传',
  ),
  /** A 溯源 video copy longer than TRACE_VIDEO_COPY_MAX_MS (or larger than a video upload may be). */
  TRACE_COPY_VIDEO_TOO_LONG: e(4491, 400, '视频不能超过 60 秒，请截取其中一段后重新上传'),
  /** A 溯源 video copy with a picture material named: a video is read against a video's frames only. */
  TRACE_COPY_VIDEO_NOT_VIDEO_MATERIAL: e(
    4492,
    400,
    '所填素材是图片，视频文件只能与视频素材比对；请上传图片，或填写视频素材的编号',
  ),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCodeName = keyof typeof ErrorCode;

const byCode = new Map<number, ErrorSpec>(Object.values(ErrorCode).map((s) => [s.code, s]));

export function errorSpecOf(code: number): ErrorSpec | undefined {
  return byCode.get(code);
}
