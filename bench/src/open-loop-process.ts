// The open loop's own process (openLoopInOwnProcess): takes one job over IPC, runs it, sends
// its figures back and ends.
import { openLoop, type OpenLoopJob } from './open-loop.js';

process.once('message', (message) => {
  const job = message as OpenLoopJob;
  openLoop(job.baseUrl, {
    rate: job.rate,
    seconds: job.seconds,
    warmupSeconds: job.warmupSeconds,
    pid: job.pid,
    request: (i) => job.requests[i]!,
  }).then(
    (figures) => process.send!(figures, () => process.exit(0)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
