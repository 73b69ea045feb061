import type { AppDeps } from '../app-deps.js';
import { runNextMediaJob, type MediaJobDeps, type MediaJobOutcome } from '../modules/catalog/index.js';

/** Tests run one job at a time with this, without a worker. */
export { runNextMediaJob };
export type { MediaJobOutcome };

export interface MediaWorkerLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface MediaWorkerOptions {
  log: MediaWorkerLog;
  /** How long an idle worker sleeps before looking at the table again (jobs queued by this process wake it at once). */
  idleMs?: number;
  /**
   * Claims and runs the next job of this worker's kinds; renditions by default. A licensed video's
   * reframes have a worker of their own, so an hour of encoding never holds up an upload's renditions.
   */
  next?: () => Promise<MediaJobOutcome | null>;
}

/**
 * An in-process media worker: one job at a time (sharp and ffmpeg already use every core),
 * woken by uploads in this process and polling for jobs queued elsewhere. Jobs live in the
 * media_jobs table, so several servers may each run a worker; none of them ever runs a job
 * another one holds.
 */
export class MediaWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly idleMs: number;

  constructor(
    private readonly deps: MediaJobDeps & Pick<AppDeps, 'mediaJobs'>,
    private readonly options: MediaWorkerOptions,
  ) {
    this.idleMs = options.idleMs ?? 5_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    const { log } = this.options;
    while (this.running) {
      let result: MediaJobOutcome | null = null;
      try {
        result = await (this.options.next ? this.options.next() : runNextMediaJob(this.deps));
      } catch (error) {
        // The database is unreachable or similar: wait, then try again.
        log.error({ err: error }, 'media worker: could not run a job');
      }
      if (result) {
        const data = {
          jobId: result.job.id,
          kind: result.job.kind,
          material: result.job.materialSid,
          attempt: result.job.attempts,
        };
        if (result.outcome === 'done') log.info(data, 'media job done');
        else if (result.outcome === 'lost') log.warn(data, 'media job taken over by another worker');
        else
          log.warn(
            { ...data, error: result.error },
            `media job ${result.outcome === 'retry' ? 'will retry' : 'failed'}`,
          );
        continue;
      }
      if (this.running) await this.deps.mediaJobs.wait(this.idleMs);
    }
  }

  /** Stops taking jobs and waits for the current one to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.deps.mediaJobs.notify();
    await this.loop;
    this.loop = null;
  }
}
