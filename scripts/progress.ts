import { SingleBar } from 'cli-progress';

/** An ingest bar, then a dialogs bar. */
export function dialogProgress(interactive: boolean) {
  const ingest = progressBar('ingest', interactive);
  const run = progressBar('dialogs'.padEnd(13), interactive);
  let ingesting = true;
  return {
    onIngest: ingest.update,
    onProgress(done: number, total: number) {
      if (ingesting) ingest.stop();
      ingesting = false;
      run.update(done, total);
    },
    stop: () => run.stop(),
  };
}

export function progressBar(label: string, enabled: boolean) {
  const bar = new SingleBar({ format: `${label} [{bar}] {value}/{total}`, hideCursor: true, stream: process.stderr });
  let started = false;
  return {
    update(done: number, total: number) {
      if (!enabled) return;
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
