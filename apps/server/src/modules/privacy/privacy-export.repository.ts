import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { UserRow } from '../../db/rows.js';

/** One value of an exported row: text, a number or nothing (times are ISO text in UTC). */
export type ExportValue = string | number | boolean | null;
export type ExportRow = Record<string, ExportValue>;

/**
 * One file of the copy: its name, what it holds (the archive's README.txt), and how its rows are
 * read a page at a time in the order of a unique key, so the copy of a large account is built
 * with bounded memory.
 */
export interface ExportSection {
  file: string;
  title: string;
  columns: readonly string[];
  /** The rows after `after` (the key of the last row of the page before; null: from the start). */
  page(db: DbOrTx, after: string | null, limit: number): Promise<{ rows: ExportRow[]; last: string | null }>;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** Cents and counts as exact doubles (every bigint of ours is far below 2^53). */
const num = (column: SQL) => sql`(${column})::double precision`;

function section(
  file: string,
  title: string,
  columns: readonly string[],
  query: (after: string | null, limit: number) => SQL,
): ExportSection {
  return {
    file,
    title,
    columns,
    async page(db, after, limit) {
      const rows = rowsOf<ExportRow & { _key: string }>(await db.execute(query(after, limit)));
      const last = rows.at(-1)?._key ?? null;
      return {
        rows: rows.map(({ _key: _unused, ...row }) => row),
        last: rows.length < limit ? null : last,
      };
    },
  };
}

const afterKey = (key: SQL, after: string | null) => (after === null ? sql`` : sql`and ${key} > ${after}`);

/**
 * What the copy holds for an account (decision 0043): its profile and consents, a main account's
 * company and sub-accounts, and the business of the company (a main account) or of the account
 * itself (a sub-account): orders, licences, invoices, wallet movements, likes, demands, downloads,
 * and its own board comments and privacy requests (a comment is its author's words, so each
 * account's copy holds only what it wrote). Never a password hash, a token or another company's data.
 */
export function exportSectionsOf(user: UserRow): ExportSection[] {
  const me = user.sid;
  const main = user.parentSid === null;
  const orderOwner = main ? sql`o.owner_sid = ${me}` : sql`o.user_sid = ${me}`;
  const sections: ExportSection[] = [
    section(
      'profile',
      '账号资料',
      ['sid', 'account_type', 'username', 'name', 'email', 'mobile', 'created_at', 'last_login_at'],
      () => sql`select sid as _key, sid, case when level = 0 then '主账号' else '子账号' end as account_type,
        username, name, email, mobile, ${iso(sql`created_at`)} as created_at, ${iso(sql`last_login_at`)} as last_login_at
        from users where sid = ${me}`,
    ),
    section(
      'consents',
      '同意记录',
      ['consent', 'agreed_at'],
      () => sql`select c.consent as _key, c.consent, c.agreed_at from users u,
        lateral (values ('用户协议与隐私政策', ${iso(sql`u.agreed_terms_at`)}), ('确认年满 18 周岁', ${iso(sql`u.adult_confirmed_at`)}))
          as c(consent, agreed_at)
        where u.sid = ${me} and c.agreed_at is not null`,
    ),
    section(
      'company',
      '企业信息',
      ['company', 'company_license', 'company_address'],
      () => sql`select sid as _key, company, company_license, company_address
        from users where sid = ${main ? me : (user.parentSid ?? me)}`,
    ),
  ];
  if (main) {
    sections.push(
      section(
        'sub_accounts',
        '子账号',
        ['sid', 'username', 'name', 'email', 'mobile', 'enabled', 'monthly_budget_cents', 'created_at'],
        (after, limit) => sql`select sid as _key, sid, username, name, email, mobile, enabled,
          ${num(sql`monthly_budget_cents`)} as monthly_budget_cents, ${iso(sql`created_at`)} as created_at
          from users where parent_sid = ${me} ${afterKey(sql`sid`, after)} order by sid limit ${limit}`,
      ),
    );
  }
  sections.push(
    section(
      'orders',
      '订单',
      [
        'order_no',
        'name',
        'order_type',
        'status',
        'pay_way',
        'price_origin_cents',
        'discount_member_cents',
        'discount_coupon_cents',
        'price_cents',
        'refunded_cents',
        'placed_by',
        'pay_time',
        'created_at',
      ],
      (after, limit) => sql`select o.sid as _key, o.order_no, o.name, o.order_type, o.status, o.pay_way,
        ${num(sql`o.price_origin_cents`)} as price_origin_cents, ${num(sql`o.discount_member_cents`)} as discount_member_cents,
        ${num(sql`o.discount_coupon_cents`)} as discount_coupon_cents, ${num(sql`o.price_cents`)} as price_cents,
        ${num(sql`o.refunded_cents`)} as refunded_cents, o.user_sid as placed_by,
        ${iso(sql`o.pay_time`)} as pay_time, ${iso(sql`o.created_at`)} as created_at
        from orders o where ${orderOwner} ${afterKey(sql`o.sid`, after)} order by o.sid limit ${limit}`,
    ),
    section(
      'licences',
      '授权',
      ['cert_no', 'order_no', 'material_sid', 'spec', 'exclusive', 'created_at', 'superseded_by_cert_no', 'revoked_at'],
      (after, limit) => sql`select l.sid as _key, l.cert_no, o.order_no, l.material_sid, l.spec, l.exclusive,
        ${iso(sql`l.created_at`)} as created_at, l.superseded_by_cert_no, ${iso(sql`l.revoked_at`)} as revoked_at
        from licences l join orders o on o.sid = l.order_sid
        where ${main ? sql`l.owner_sid = ${me}` : sql`l.buyer_sid = ${me}`} ${afterKey(sql`l.sid`, after)}
        order by l.sid limit ${limit}`,
    ),
    section(
      'invoices',
      '发票申请',
      [
        'sid',
        'type',
        'title',
        'taxpayer_number',
        'registered_address',
        'registered_phone',
        'bank_name',
        'bank_account',
        'amount_cents',
        'status',
        'reject_reason',
        'created_at',
        'issued_at',
      ],
      (after, limit) => sql`select sid as _key, sid, type, title, taxpayer_number, registered_address, registered_phone,
        bank_name, bank_account, ${num(sql`amount_cents`)} as amount_cents, status, reject_reason,
        ${iso(sql`created_at`)} as created_at, ${iso(sql`issued_at`)} as issued_at
        from invoices where ${main ? sql`owner_sid = ${me}` : sql`requested_by_sid = ${me}`} ${afterKey(sql`sid`, after)}
        order by sid limit ${limit}`,
    ),
    section(
      'wallet_ledger',
      '钱包流水',
      ['id', 'kind', 'amount_cents', 'order_sid', 'created_at'],
      (after, limit) => sql`select lpad(id::text, 20, '0') as _key, ${num(sql`id`)} as id, kind,
        ${num(sql`amount_cents`)} as amount_cents, order_sid, ${iso(sql`created_at`)} as created_at
        from ledger_entries where user_sid = ${me}
        ${after === null ? sql`` : sql`and id > ${after}::bigint`} order by id limit ${limit}`,
    ),
    section(
      'likes',
      '收藏',
      ['material_sid', 'created_at'],
      (after, limit) => sql`select material_sid as _key, material_sid, ${iso(sql`created_at`)} as created_at
        from material_likes where user_sid = ${me} ${afterKey(sql`material_sid`, after)}
        order by material_sid limit ${limit}`,
    ),
    section(
      'board_comments',
      '收藏夹评论',
      ['sid', 'board_sid', 'board_name', 'material_sid', 'body', 'created_at'],
      (after, limit) => sql`select c.sid as _key, c.sid, c.board_sid, b.name as board_name, c.material_sid, c.body,
        ${iso(sql`c.created_at`)} as created_at
        from board_comments c join boards b on b.sid = c.board_sid
        where c.author_sid = ${me} ${afterKey(sql`c.sid`, after)} order by c.sid limit ${limit}`,
    ),
    section(
      'demands',
      '定制需求',
      ['sid', 'tier', 'status', 'detail', 'brief', 'quote_price_cents', 'created_at', 'delivered_at', 'cancel_reason'],
      (after, limit) => sql`select sid as _key, sid, tier, status, detail::text as detail, brief::text as brief,
        ${num(sql`quote_price_cents`)} as quote_price_cents, ${iso(sql`created_at`)} as created_at,
        ${iso(sql`delivered_at`)} as delivered_at, cancel_reason
        from demands where ${main ? sql`owner_sid = ${me}` : sql`user_sid = ${me}`} ${afterKey(sql`sid`, after)}
        order by sid limit ${limit}`,
    ),
    section(
      'downloads',
      '下载记录',
      ['material_sid', 'order_sid', 'kind', 'preset', 'created_at'],
      (after, limit) => sql`select lpad(id::text, 20, '0') as _key, material_sid, order_sid, kind, preset,
        ${iso(sql`created_at`)} as created_at
        from downloads where user_sid = ${me}
        ${after === null ? sql`` : sql`and id > ${after}::bigint`} order by id limit ${limit}`,
    ),
    section(
      'privacy_requests',
      '个人信息请求',
      ['sid', 'kind', 'status', 'detail', 'resolution', 'created_at', 'resolved_at'],
      (after, limit) => sql`select sid as _key, sid, kind, status, detail, resolution,
        ${iso(sql`created_at`)} as created_at, ${iso(sql`resolved_at`)} as resolved_at
        from privacy_requests where user_sid = ${me} ${afterKey(sql`sid`, after)} order by sid limit ${limit}`,
    ),
  );
  return sections;
}
