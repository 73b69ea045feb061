/**
 * Creates a back-office operator:
 *   npm run operator:create -- --username alice --name "Alice Wang" [--role finance --role service]
 * Without --role the operator is a 管理员; the first operator always is one, so someone can manage
 * the accounts in the console. The password comes from OPERATOR_PASSWORD, or is asked for on the
 * terminal, never from an argument (arguments end up in shell history and the process list).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AppError } from '../lib/app-error.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { isOperatorRole, OPERATOR_ROLE_LABEL, OperatorRole } from '@gemstock/contract';
import { anyOperatorExists, createOperator } from '../modules/operator/index.js';

const USAGE =
  'usage: npm run operator:create -- --username <name> [--name <display name>] [--role <role>]...\n' +
  '       roles: admin (管理员, the default), content (内容), finance (财务), service (客服)\n' +
  '       password from OPERATOR_PASSWORD or typed at the prompt\n';

/** --role values (repeated or comma-separated); 管理员 when none. */
function parseRoles(values: readonly string[] | undefined): OperatorRole[] {
  const roles = (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  for (const role of roles) {
    if (!isOperatorRole(role)) throw new Error(`未知角色 / unknown role: ${role}`);
  }
  return roles.length > 0 ? [...new Set(roles as OperatorRole[])] : [OperatorRole.ADMIN];
}

/** Reads one line without echoing it when stdin is a terminal; piped input is read as is. */
async function promptPassword(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  process.stdout.write(question);
  muted = true;
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.once('line', resolve);
      rl.once('close', () => reject(new Error('no password given')));
    });
  } finally {
    muted = false;
    rl.close();
    process.stdout.write('\n');
  }
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await promptPassword('密码 / password: ');
  if (process.stdin.isTTY) {
    const second = await promptPassword('再次输入 / repeat: ');
    if (first !== second) throw new Error('两次输入的密码不一致 / the passwords do not match');
  }
  return first;
}

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !values.username) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const roles = parseRoles(values.role);
  const password = await readPassword();
  const database = await openDatabase(loadConfig());
  try {
    if (!roles.includes(OperatorRole.ADMIN) && !(await anyOperatorExists(database.db))) {
      roles.unshift(OperatorRole.ADMIN);
      process.stdout.write('第一个运营账号同时是管理员 / the first operator is also an administrator\n');
    }
    const operator = await createOperator(database.db, {
      username: values.username,
      password,
      name: values.name ?? null,
      roles,
    });
    const names = roles.map((r) => OPERATOR_ROLE_LABEL[r]).join('、');
    process.stdout.write(`运营账号已创建 / operator created: ${operator.username} (${operator.sid})，角色：${names}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof AppError
        ? `${error.message} (${error.spec.code})`
        : error instanceof ConfigError || error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`创建失败 / failed: ${message}\n`);
    process.exit(1);
  },
);
