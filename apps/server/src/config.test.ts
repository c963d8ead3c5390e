// The environment as config.ts reads it: a start that could take no real money in production,
// or whose variables are malformed, stops with a message naming the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-long-session-secret' };

describe('the sandbox payment provider in production', () => {
  it('is refused, naming the variable that would allow it', () => {
    const start = () => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/PAYMENT_PROVIDER=sandbox .*DEMO_PAYMENTS_IN_PRODUCTION=true/s);
    expect(() =>
      loadConfig({
        ...production,
        PAYMENT_PROVIDER: 'sandbox',
        DEMO_PAYMENTS_IN_PRODUCTION: 'false',
      }),
    ).toThrow(/DEMO_PAYMENTS_IN_PRODUCTION=true/);
  });

  it('is taken for a demo shop that says so', () => {
    const config = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'sandbox',
      DEMO_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(config.paymentProvider).toBe('sandbox');
  });

  it('refuses a value of DEMO_PAYMENTS_IN_PRODUCTION other than true or false', () => {
    expect(() => loadConfig({ DEMO_PAYMENTS_IN_PRODUCTION: 'yes' })).toThrow(
      /DEMO_PAYMENTS_IN_PRODUCTION: must be 'true' or 'false'/,
    );
  });

  it('stays the default outside production', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe(
      'sandbox',
    );
  });
});
