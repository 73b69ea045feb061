import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHeartbeats } from '../../src/db/schema/index.js';
import { assessCluster, ClusterHeartbeat, HEARTBEAT_RETENTION_MS, type ServerIdentity } from '../../src/ops/cluster.js';
import { purgeStaleHeartbeats } from '../../src/ops/heartbeat.repository.js';
import type { PeerRow } from '../../src/ops/heartbeat.repository.js';
import { ServiceState } from '../../src/ops/service-state.js';
import { createTestOperator } from '../helpers/admin.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

const SILENT = { info: () => undefined, warn: () => undefined, error: () => undefined };

function server(host: string, driver: 'local' | 's3', identity: string, pid = 100): ServerIdentity {
  return { instanceId: `${host}-${pid}`, host, pid, storage: { driver, identity } };
}

function peer(s: ServerIdentity): PeerRow {
  return {
    instanceId: s.instanceId,
    host: s.host,
    pid: s.pid,
    storageDriver: s.storage.driver,
    storageIdentity: s.storage.identity,
  };
}

describe('the multi-server rule (assessCluster)', () => {
  const localA = server('app1', 'local', '/srv/data/media');
  const bucket = 'http://minio:9000/gemstock';

  it('a server alone is fine, whatever its storage', () => {
    expect(assessCluster(localA, [])).toEqual({ problem: null, warning: null });
  });

  it('a server on local disk next to a server elsewhere is not fit, and says why in Chinese', () => {
    const verdict = assessCluster(localA, [peer(server('app2', 'local', '/srv/data/media', 7))]);
    expect(verdict.problem).toContain('本地磁盘');
    expect(verdict.problem).toContain('S3 兼容对象存储');
    expect(verdict.problem).toContain('STORAGE_DRIVER=s3');
    expect(verdict.problem).toContain('app2（进程 7');
    expect(verdict.warning).toBe(verdict.problem);
    // next to an S3 server too: its files are still only on this disk
    expect(assessCluster(localA, [peer(server('app2', 's3', bucket))]).problem).not.toBeNull();
  });

  it('processes on one host sharing one local directory share their media', () => {
    const sibling = peer(server('app1', 'local', '/srv/data/media', 101));
    expect(assessCluster(localA, [sibling])).toEqual({ problem: null, warning: null });
    expect(assessCluster(localA, [peer(server('app1', 'local', '/srv/other', 102))]).problem).not.toBeNull();
  });

  it('servers on one bucket are fine; an S3 server warns about a local or foreign peer without failing itself', () => {
    const s3 = server('app1', 's3', bucket);
    expect(assessCluster(s3, [peer(server('app2', 's3', bucket))])).toEqual({ problem: null, warning: null });
    const nextToLocal = assessCluster(s3, [peer(server('app2', 'local', '/data/media'))]);
    expect(nextToLocal.problem).toBeNull();
    expect(nextToLocal.warning).toContain('app2');
    expect(nextToLocal.warning).toContain('本地磁盘');
    const otherBucket = assessCluster(s3, [peer(server('app3', 's3', 'http://minio:9000/another'))]);
    expect(otherBucket.problem).toBeNull();
    expect(otherBucket.warning).toContain('同一个存储桶');
  });

  it('names a few peers and counts the rest', () => {
    const many = [1, 2, 3, 4, 5].map((i) => peer(server(`app${i + 1}`, 'local', '/m', i)));
    expect(assessCluster(localA, many).problem).toContain('等 5 台');
  });
});

describe('the heartbeat on the database', () => {
  let t: TestApp;
  let operatorToken: string;
  const config = { heartbeatIntervalMs: 1000 };

  beforeAll(async () => {
    t = await buildTestApp();
    operatorToken = (await createTestOperator(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  function heartbeat(identity: ServerIdentity, state: ServiceState) {
    return new ClusterHeartbeat({ db: t.database.db, state, storage: t.app.deps.storage, config }, SILENT, identity);
  }

  async function rows() {
    return t.database.db.select().from(serverHeartbeats).orderBy(serverHeartbeats.host);
  }

  it('registers, sees a second server on local disk, fails readiness with 1604, warns the console, and clears', async () => {
    const state = t.app.deps.state;
    const one = heartbeat(server('app1', 'local', '/data1/media', 11), state);
    const twoState = new ServiceState();
    const two = heartbeat(server('app2', 'local', '/data2/media', 22), twoState);

    await one.register();
    expect(state.clusterProblem).toBeNull();
    expect((await rows()).map((r) => [r.host, r.pid, r.storageDriver, r.storageIdentity])).toEqual([
      ['app1', 11, 'local', '/data1/media'],
    ]);
    expect((await t.call({ method: 'GET', url: '/readyz' })).status).toBe(200);

    await two.register();
    expect(twoState.clusterProblem).toContain('app1（进程 11');
    await one.beat();
    expect(state.clusterProblem).toContain('app2（进程 22');

    const ready = await t.call<{ checks: Record<string, { ok: boolean; reason?: string }> }>({
      method: 'GET',
      url: '/readyz',
    });
    expect(ready.status).toBe(503);
    expect(ready.code).toBe(1604);
    expect(ready.message).toContain('S3 兼容对象存储');
    expect(ready.data.checks.cluster).toEqual({ ok: false, reason: state.clusterProblem });
    expect(ready.data.checks.database).toEqual({ ok: true });

    const me = await injectApi(t, ADMIN_API.me, { token: operatorToken });
    expect(me.data.warnings.cluster).toBe(state.clusterProblem);

    // A refresh is an upsert: still one row per server, last_seen_at moved on.
    const before = (await rows()).find((r) => r.host === 'app1')!.lastSeenAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await one.beat();
    const after = await rows();
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.host === 'app1')!.lastSeenAt.getTime()).toBeGreaterThan(before.getTime());

    // A clean shutdown deletes the row; the next refresh of the other clears the problem.
    await two.stop();
    expect((await rows()).map((r) => r.host)).toEqual(['app1']);
    await one.beat();
    expect(state.clusterProblem).toBeNull();
    expect(state.clusterWarning).toBeNull();
    expect((await t.call({ method: 'GET', url: '/readyz' })).status).toBe(200);
    const cleared = await injectApi(t, ADMIN_API.me, { token: operatorToken });
    expect(cleared.data.warnings).toEqual({ cluster: null });

    await one.stop();
    expect(await rows()).toEqual([]);
  });

  it('a peer not seen within three intervals is not live, and old rows are purged', async () => {
    const state = new ServiceState();
    const me = heartbeat(server('app1', 'local', '/data1/media', 31), state);
    // A server killed 10 s ago (3 × 1 s window passed) and one killed over an hour ago.
    await t.database.db.insert(serverHeartbeats).values([
      {
        instanceId: 'killed-recently',
        host: 'app2',
        pid: 32,
        storageDriver: 'local',
        storageIdentity: '/data2/media',
        lastSeenAt: sql`now() - interval '10 seconds'`,
      },
      {
        instanceId: 'killed-long-ago',
        host: 'app3',
        pid: 33,
        storageDriver: 'local',
        storageIdentity: '/data3/media',
        lastSeenAt: sql`now() - make_interval(secs => ${HEARTBEAT_RETENTION_MS / 1000 + 60})`,
      },
    ]);
    await me.beat();
    expect(state.clusterProblem).toBeNull();

    expect(await purgeStaleHeartbeats(t.database.db, HEARTBEAT_RETENTION_MS)).toBe(1);
    expect((await rows()).map((r) => r.instanceId).sort()).toEqual(['killed-recently', me.self.instanceId].sort());
    await me.stop();
    await t.database.db.delete(serverHeartbeats).where(eq(serverHeartbeats.instanceId, 'killed-recently'));
  });

  it('a row purged meanwhile (a long outage) comes back at the next refresh', async () => {
    const me = heartbeat(server('app1', 's3', 'http://s3.local/b', 41), new ServiceState());
    await me.register();
    await t.database.db.delete(serverHeartbeats);
    await me.beat();
    expect((await rows()).map((r) => r.instanceId)).toEqual([me.self.instanceId]);
    await me.stop();
  });
});
