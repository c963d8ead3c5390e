// The machine a run was measured on, recorded beside every result.
import os from 'node:os';
import { median, round } from './stats.js';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** How fast this machine gives a process memory it never touched before (measureMemory). */
  memory?: MemoryReading;
}

/**
 * Memory written for the first time (each 4 KiB page faulted in) against the same memory
 * written again. On these virtual machines the first costs ~14 µs a page (~280 MB/s), some
 * thirty times a bare machine's: a new Chromium renderer faults in 10,000–25,000 pages while
 * a page loads, so Lighthouse's blocking time follows this figure and not its CPU index
 * (bench/README, "Why the pages' blocking time follows the machine").
 */
export interface MemoryReading {
  /** MB/s writing memory the process never touched (median of 3, 256 MiB each). */
  firstTouchMBps: number;
  /** µs a 4 KiB page took to fault in, from the same runs. */
  pageFaultMicros: number;
  /** MB/s writing that memory again (its pages already there). */
  touchedAgainMBps: number;
}

const MIB = 1024 * 1024;
const SIZE = 256 * MIB;

/** Times first and second writes of fresh 256 MiB buffers (about 3 s on these machines). */
export function measureMemory(): MemoryReading {
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < 3; i++) {
    // Large allocations come straight from the kernel as untouched pages: the first fill
    // faults each one in, the second writes pages already there.
    const buffer = Buffer.alloc(SIZE);
    let start = performance.now();
    buffer.fill(1);
    first.push(performance.now() - start);
    start = performance.now();
    buffer.fill(2);
    again.push(performance.now() - start);
  }
  const firstMs = median(first);
  const againMs = median(again);
  return {
    firstTouchMBps: round(SIZE / 1e6 / (firstMs / 1000)),
    pageFaultMicros: round((firstMs * 1000) / (SIZE / 4096), 2),
    touchedAgainMBps: round(SIZE / 1e6 / (againMs / 1000)),
  };
}

/** One line for the log and the README. */
export function memoryLine(m: MemoryReading): string {
  return `memory written the first time ${m.firstTouchMBps.toLocaleString('en-US')} MB/s (${m.pageFaultMicros} µs a 4 KiB page), written again ${m.touchedAgainMBps.toLocaleString('en-US')} MB/s`;
}

export function describeMachine(memory?: MemoryReading): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    ...(memory ? { memory } : {}),
  };
}
