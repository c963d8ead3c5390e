// The order-life checker (issue 38, decision 059): random sequences of real actions — shoppers
// checking out, paying, failing, paying again, paying an old page, cancelling, asking for
// returns and exchanges; staff packing, shipping, cancelling, approving, receiving, refunding;
// the payment sandbox's late webhooks and the sandbox courier's tracking on a clock the
// checker moves — against the real app and database (PGlite, and PostgreSQL with
// TEST_DATABASE=postgres), with every invariant of test/order-invariants.ts checked after
// every step. A failure is shrunk by fast-check to the shortest sequence that still breaks a
// rule, and printed as a script (actor, action, arguments, the shop's response).
//
// ORDER_LIFE_RUNS (sequences, default 40), ORDER_LIFE_SEED (default fixed) and
// ORDER_LIFE_MAX_COMMANDS (default 150) let a soak run more; ORDER_LIFE_PRINT=1 prints every
// sequence's script.
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

const RUNS = Number(process.env.ORDER_LIFE_RUNS ?? 40);
const SEED = Number(process.env.ORDER_LIFE_SEED ?? 38_038);
const MAX_COMMANDS = Number(process.env.ORDER_LIFE_MAX_COMMANDS ?? 150);

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop?.close());

it(`keeps every invariant through ${RUNS} random sequences of up to ${MAX_COMMANDS} actions (seed ${SEED})`, async () => {
  const stats = { sequences: 0, steps: 0, checks: 0, longest: 0 };
  // The last sequence that failed: once shrinking ends, the shortest one found.
  let failed: World | null = null;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' }),
        async (cmds) => {
          const world = await newWorld(shop);
          stats.sequences += 1;
          try {
            await fc.asyncModelRun(
              () => ({ model: { orders: 0, returns: 0 } satisfies Model, real: world }),
              cmds,
            );
          } catch (err) {
            failed = world;
            throw err;
          } finally {
            stats.steps += world.script.length;
            stats.checks += world.checks;
            stats.longest = Math.max(stats.longest, world.script.length);
            if (process.env.ORDER_LIFE_PRINT) console.log(world.script.join('\n'));
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    );
  } catch (err) {
    // Its script says what happened, step by step, with the shop's ids and responses.
    const script = (failed as World | null)?.script ?? [];
    throw new Error(
      `${(err as Error).message}\n\nThe shortest sequence found, as the shop saw it:\n${script
        .map((l, i) => `  ${i + 1}. ${l}`)
        .join('\n')}`,
      { cause: err },
    );
  }
  console.log(
    `order-life checker: ${stats.sequences} sequences, ${stats.steps} steps, ${stats.checks} invariant checks, longest ${stats.longest} steps`,
  );
  expect(stats.checks).toBeGreaterThan(0);
}, 1_200_000);
