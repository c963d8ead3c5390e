// The order-life checker (issue 38, decision 059): random sequences of real actions — shoppers
// checking out, paying, failing, paying again, paying an old page, cancelling, asking for
// returns and exchanges; staff packing, shipping, cancelling, approving, receiving, refunding;
// the payment sandbox's late webhooks and the sandbox courier's tracking on a clock the
// checker moves — against the real app and database (PGlite, and PostgreSQL with
// TEST_DATABASE=postgres), with every invariant of test/order-invariants.ts checked after
// every step. A failure is shrunk by fast-check to the shortest sequence that still breaks a
// rule, and printed as a script (actor, action, arguments, the shop's response).
//
// ORDER_LIFE_RUNS (sequences, default 20), ORDER_LIFE_SEED (default fixed, one for each engine:
// `npm test` runs PGlite's 20 and PostgreSQL's 20, 40 different sequences a run) and
// ORDER_LIFE_MAX_COMMANDS (default 150) let a soak run more; ORDER_LIFE_PRINT=1 prints every
// sequence's script; ORDER_LIFE_NO_SHRINK=1 reports the first failing sequence as it ran (a
// long seed's shrinking replays every attempt on a shop that keeps filling, and can take most
// of an hour). ORDER_LIFE_CONCURRENCY=K runs K sequences at once against the one shop
// (PostgreSQL: two shoppers for the last shirt, staff cancelling while a payment lands, the
// sweeps of one running beside another's steps); its interleavings are the machine's, so a
// failure found this way may not shrink or replay exactly.
//
// The soak (`npm run soak -- --minutes N --seed S`, PostgreSQL) sets ORDER_LIFE_MINUTES, which
// runs rounds until the time is up, and ORDER_LIFE_SECOND_PROCESS=1, which starts the shop's
// server as a second process on the same database: every other sequence of a round acts
// through it, and its own sweeps and outbox worker run beside the checker's.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  commandArbs,
  newWorld,
  openShop,
  type Model,
  type Shop,
  type World,
} from '../test/order-life.js';
import { testDatabaseKind } from '../test/database.js';

const RUNS = Number(process.env.ORDER_LIFE_RUNS ?? 20);
/**
 * A seed of each engine's own: the same 40 sequences on both cost CI's two cores a minute and
 * a half and proved no more about the seams than 20 on each that differ.
 */
const SEED = Number(
  process.env.ORDER_LIFE_SEED ?? (testDatabaseKind() === 'postgres' ? 38_039 : 38_038),
);
const MAX_COMMANDS = Number(process.env.ORDER_LIFE_MAX_COMMANDS ?? 150);

const CONCURRENCY = Number(process.env.ORDER_LIFE_CONCURRENCY ?? 1);
/** Run rounds until this many minutes have passed (the soak); unset: RUNS rounds. */
const MINUTES = process.env.ORDER_LIFE_MINUTES ? Number(process.env.ORDER_LIFE_MINUTES) : null;
const SECOND_PROCESS = process.env.ORDER_LIFE_SECOND_PROCESS === '1';
const NO_SHRINK = process.env.ORDER_LIFE_NO_SHRINK === '1';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop({ secondProcess: SECOND_PROCESS });
}, 120_000);
afterAll(() => shop?.close());

const title = MINUTES
  ? `keeps every invariant for ${MINUTES} minutes of rounds of ${CONCURRENCY} random sequences run at once${SECOND_PROCESS ? ' through two server processes' : ''}, up to ${MAX_COMMANDS} actions each (seed ${SEED})`
  : CONCURRENCY > 1
    ? `keeps every invariant through ${RUNS} rounds of ${CONCURRENCY} random sequences run at once, up to ${MAX_COMMANDS} actions each (seed ${SEED})`
    : `keeps every invariant through ${RUNS} random sequences of up to ${MAX_COMMANDS} actions (seed ${SEED})`;

it(
  title,
  async () => {
    const stats = { sequences: 0, second: 0, steps: 0, checks: 0, longest: 0 };
    const started = Date.now();
    // The last round that failed: once shrinking ends, the shortest one found.
    let failed: World[] | null = null;
    const sequences = fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(sequences, { minLength: CONCURRENCY, maxLength: CONCURRENCY }),
          async (rounds) => {
            // Each sequence has its own shoppers, jerseys and coupons, in one shop: run at once,
            // their shoppers race for the shop's rows, sweeps and series as real ones do.
            // (Made one after another: the factories' categories are found or created.)
            const worlds: World[] = [];
            // With a second server process, every other sequence acts through it.
            for (const [i] of rounds.entries()) {
              worlds.push(await newWorld(shop, SECOND_PROCESS && i % 2 === 1 ? 'second' : 'first'));
            }
            stats.sequences += worlds.length;
            stats.second += worlds.filter((w) => w.via === 'second').length;
            try {
              await Promise.all(
                rounds.map((cmds, i) =>
                  fc.asyncModelRun(
                    () => ({ model: { orders: 0, returns: 0 } satisfies Model, real: worlds[i]! }),
                    cmds,
                  ),
                ),
              );
            } catch (err) {
              failed = worlds;
              throw err;
            } finally {
              for (const world of worlds) {
                stats.steps += world.script.length;
                stats.checks += world.checks;
                stats.longest = Math.max(stats.longest, world.script.length);
                if (process.env.ORDER_LIFE_PRINT) {
                  console.log(`${world.via} process:\n${world.script.join('\n')}`);
                }
              }
            }
          },
        ),
        MINUTES
          ? {
              seed: SEED,
              numRuns: Number.MAX_SAFE_INTEGER,
              endOnFailure: false,
              // Checked between rounds: the round under way when the time is up finishes.
              interruptAfterTimeLimit: MINUTES * 60_000,
              markInterruptAsFailure: false,
            }
          : { seed: SEED, numRuns: RUNS, endOnFailure: NO_SHRINK },
      );
    } catch (err) {
      // Its scripts say what happened, step by step, with the shop's ids and responses.
      const scripts = (failed as World[] | null) ?? [];
      throw new Error(
        `${(err as Error).message}\n\nThe ${NO_SHRINK ? 'first failing' : 'shortest'} sequence${scripts.length > 1 ? 's' : ''} found, as the shop saw ${scripts.length > 1 ? 'them (run at once)' : 'it'}:\n${scripts
          .map(
            (w, k) =>
              `${scripts.length > 1 ? `  sequence ${k + 1}${w.via === 'second' ? ' (through the second server process)' : ''}:\n` : ''}${w.script.map((l, i) => `  ${i + 1}. ${l}`).join('\n')}`,
          )
          .join('\n')}`,
        { cause: err },
      );
    }
    console.log(
      `order-life checker: ${stats.sequences} sequences${CONCURRENCY > 1 ? ` (${CONCURRENCY} at once)` : ''}${SECOND_PROCESS ? `, ${stats.second} through the second server process` : ''}, ${stats.steps} steps, ${stats.checks} invariant checks, longest ${stats.longest} steps, in ${((Date.now() - started) / 60_000).toFixed(1)} minutes (seed ${SEED})`,
    );
    expect(stats.checks).toBeGreaterThan(0);
  },
  ((MINUTES ?? 30) + 30) * 60_000,
);
