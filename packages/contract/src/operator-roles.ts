/**
 * The roles of the operator console (docs/decisions/0028-operator-roles.md). An operator holds
 * one or more; every operator endpoint names the roles that may call it (`roles` of its
 * declaration), 管理员 may call every one, and an endpoint that names none is for 管理员 alone.
 * The server checks them on each request; the console only hides what a role cannot do.
 *
 * No zod here: the console's menu and the server's guard read the same table.
 */
export const OperatorRole = {
  /** 管理员: everything, including operator accounts and the audit. */
  ADMIN: 'admin',
  /** 内容: materials, uploads and review, keywords, bulk edits. */
  CONTENT: 'content',
  /** 财务: transfers, refunds, payment exceptions, invoices, coupons. */
  FINANCE: 'finance',
  /** 客服: reads orders, handles custom design, the customer-service settings. */
  SERVICE: 'service',
} as const;
export type OperatorRole = (typeof OperatorRole)[keyof typeof OperatorRole];

export const OPERATOR_ROLES: readonly OperatorRole[] = Object.values(OperatorRole);

export const OPERATOR_ROLE_LABEL: Readonly<Record<OperatorRole, string>> = {
  admin: '管理员',
  content: '内容',
  finance: '财务',
  service: '客服',
};

/** Every role: what each operator does for itself (its own password, sign-out). */
export const ANY_OPERATOR_ROLE: readonly OperatorRole[] = OPERATOR_ROLES;

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The roles an operator endpoint admits: those it names, else 管理员 alone (the safe default). */
export function rolesAdmitted(declared: readonly OperatorRole[] | undefined): readonly OperatorRole[] {
  return declared && declared.length > 0 ? declared : [OperatorRole.ADMIN];
}

/** Whether an operator holding `held` may call an endpoint declaring `declared`; 管理员 may call any. */
export function mayCallWithRoles(held: readonly string[], declared: readonly OperatorRole[] | undefined): boolean {
  if (held.includes(OperatorRole.ADMIN)) return true;
  return rolesAdmitted(declared).some((role) => held.includes(role));
}

/** 「财务」或「管理员」: the roles an endpoint admits, as the refusal names them. */
export function roleNames(roles: readonly OperatorRole[]): string {
  const names = [...new Set<OperatorRole>([...roles, OperatorRole.ADMIN])].map((r) => `「${OPERATOR_ROLE_LABEL[r]}」`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join('、')}或${names[names.length - 1]!}`;
}
