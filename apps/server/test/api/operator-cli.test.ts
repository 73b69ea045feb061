import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The first real operator of a production install is made with `npm run operator:create`.
 * A production install has no development tools (tsx), so the command runs the CLI the server
 * build bundles, with plain node.
 */
describe('npm run operator:create in a production install', () => {
  const outdir = join(SERVER_DIR, `.test-build-${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstock-cli-'));

  beforeAll(async () => {
    await run(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, env: { ...process.env, BUILD_OUTDIR: outdir } });
  }, 60_000);
  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is a plain node command on the built CLI, not a development tool', () => {
    const pkg = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['operator:create']).toBe('node dist/cli/create-operator.js');
  });

  const cli = (...args: string[]) =>
    run(process.execPath, [join(outdir, 'cli', 'create-operator.js'), ...args], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example.cn',
        JWT_SECRET: 'c'.repeat(40),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        OPERATOR_PASSWORD: 'Strong-Passw0rd!',
      },
    });

  it('creates an operator with node alone on a production configuration; the first one is a 管理员', async () => {
    const { stdout } = await cli('--username', 'alice', '--name', 'Alice Wang', '--role', 'finance');
    expect(stdout).toMatch(/operator created: alice/);
    expect(stdout).toContain('第一个运营账号同时是管理员');
    expect(stdout).toMatch(/角色：管理员、财务/);
  }, 60_000);

  it('gives a later operator the roles named, 管理员 when none is', async () => {
    expect((await cli('--username', 'bob', '--role', 'content,service')).stdout).toMatch(/角色：内容、客服\n/);
    expect((await cli('--username', 'carol')).stdout).toMatch(/角色：管理员\n/);
    await expect(cli('--username', 'dave', '--role', 'boss')).rejects.toMatchObject({
      stderr: expect.stringContaining('未知角色 / unknown role: boss'),
    });
  }, 60_000);
});
