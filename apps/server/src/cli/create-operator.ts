/**
 * Creates a back-office operator:
 *   npm run operator:create -- --username alice --name "Alice Wang"
 * The password comes from OPERATOR_PASSWORD, or is asked for on the terminal, never from an
 * argument (arguments end up in shell history and the process list).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AppError } from '../lib/app-error.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { createOperator } from '../modules/operator/operator.service.js';

const USAGE =
  'usage: npm run operator:create -- --username <name> [--name <display name>]\n' +
  '       password from OPERATOR_PASSWORD or typed at the prompt\n';

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
    options: { username: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help || !values.username) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const password = await readPassword();
  const database = await openDatabase(loadConfig());
  try {
    const operator = await createOperator(database.db, {
      username: values.username,
      password,
      name: values.name ?? null,
    });
    process.stdout.write(`运营账号已创建 / operator created: ${operator.username} (${operator.sid})\n`);
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
