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

describe('the staff digest time', () => {
  it('is 08:00 India time unless set, as minutes after midnight', () => {
    expect(loadConfig({}).staffDigestAt).toBe(8 * 60);
    expect(loadConfig({ STAFF_DIGEST_TIME: '06:30' }).staffDigestAt).toBe(6 * 60 + 30);
    expect(loadConfig({ STAFF_DIGEST_TIME: '23:59' }).staffDigestAt).toBe(23 * 60 + 59);
  });

  it("is none with 'off'", () => {
    expect(loadConfig({ STAFF_DIGEST_TIME: 'off' }).staffDigestAt).toBeNull();
  });

  it('refuses anything but HH:MM or off, naming the variable', () => {
    for (const bad of ['8:00', '24:00', '08:60', 'morning', '0800']) {
      expect(() => loadConfig({ STAFF_DIGEST_TIME: bad })).toThrow(
        /STAFF_DIGEST_TIME: must be HH:MM \(24-hour, India time\) or 'off'/,
      );
    }
  });
});

describe('the connections to PostgreSQL (decision 092)', () => {
  it("are the database's own default unless DATABASE_POOL_SIZE says", () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
  });

  it('refuse a size that is not a whole number from 2, naming the variable', () => {
    for (const bad of ['0', '1', '-2', '2.5', 'many', '501']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe('WhatsApp order updates (decision 066)', () => {
  const whatsapp = {
    WHATSAPP_TOKEN: 'EAAG-system-user-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 'app-secret',
    WHATSAPP_VERIFY_TOKEN: 'verify-token',
  };

  it('are off without their variables', () => {
    expect(loadConfig({}).whatsapp).toBeNull();
  });

  it('are on with all four, pointed at graph.facebook.com in English by default', () => {
    expect(loadConfig(whatsapp).whatsapp).toEqual({
      token: 'EAAG-system-user-token',
      phoneNumberId: '106540352242922',
      appSecret: 'app-secret',
      verifyToken: 'verify-token',
      apiBase: 'https://graph.facebook.com',
      apiVersion: 'v23.0',
      language: 'en',
    });
  });

  it('refuse a start with some of them set, naming the missing ones', () => {
    const start = () =>
      loadConfig({ WHATSAPP_TOKEN: 'EAAG-token', WHATSAPP_PHONE_NUMBER_ID: '1065403522' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      'Missing configuration for this start: WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN.',
    );
  });

  it('refuse a phone number id, version or language that is not one', () => {
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: '+91 98765 43210' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: must be the phone number's numeric id/,
    );
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_API_VERSION: '23' })).toThrow(
      /WHATSAPP_API_VERSION: must be a Graph API version/,
    );
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE_LANGUAGE: 'English' })).toThrow(
      /WHATSAPP_TEMPLATE_LANGUAGE: must be a template language code/,
    );
  });
});

describe('the document signing key (decision 069)', () => {
  const razorpay = {
    ...production,
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_x',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'hook',
  };
  const hex = 'ab'.repeat(32);

  it('is the 32 bytes given, as hex or base64', () => {
    expect(loadConfig({ ...razorpay, DOCUMENT_SIGNING_KEY: hex }).documentSigningKey).toEqual(
      Buffer.from(hex, 'hex'),
    );
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    expect(loadConfig({ ...razorpay, DOCUMENT_SIGNING_KEY: base64 }).documentSigningKey).toEqual(
      Buffer.from(hex, 'hex'),
    );
  });

  it('is none in production without it (the shop starts; no certificate can be stored)', () => {
    expect(loadConfig(razorpay).documentSigningKey).toBeNull();
  });

  it('is a fixed development key elsewhere', () => {
    const key = loadConfig({ NODE_ENV: 'development' }).documentSigningKey;
    expect(key).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'test' }).documentSigningKey).toEqual(key);
  });

  it('refuses anything but 32 bytes, naming the variable', () => {
    for (const bad of ['short', 'ab'.repeat(31), 'zz'.repeat(32), 'QUJD']) {
      expect(() => loadConfig({ ...razorpay, DOCUMENT_SIGNING_KEY: bad })).toThrow(
        /DOCUMENT_SIGNING_KEY: must be 32 random bytes as 64 hex digits or base64/,
      );
    }
  });
});

describe("NIC's IRP for e-invoices (decision 068)", () => {
  const PEM = '-----BEGIN PUBLIC KEY-----\\nMIIBIjAN\\n-----END PUBLIC KEY-----';
  const irp = {
    IRP_API_BASE: 'https://irp.example.test/',
    IRP_CLIENT_ID: 'AAKCS29TXP3G0K1',
    IRP_CLIENT_SECRET: 'client-secret',
    IRP_USERNAME: 'kitroom_api',
    IRP_PASSWORD: 'api-password',
    IRP_PUBLIC_KEY: PEM,
  };

  it('is off without its variables', () => {
    expect(loadConfig({}).irp).toBeNull();
  });

  it('is on with all six; a PEM written on one line gets its line breaks back', () => {
    expect(loadConfig(irp).irp).toEqual({
      apiBase: 'https://irp.example.test',
      clientId: 'AAKCS29TXP3G0K1',
      clientSecret: 'client-secret',
      username: 'kitroom_api',
      password: 'api-password',
      publicKey: '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----',
      signingKey: null,
    });
  });

  it('refuses a start with some of them set, naming the missing ones, and a key that is neither PEM nor file', () => {
    const start = () => loadConfig({ IRP_CLIENT_ID: 'x', IRP_CLIENT_SECRET: 'y' });
    expect(start).toThrow(
      'Missing configuration for this start: IRP_API_BASE, IRP_USERNAME, IRP_PASSWORD, IRP_PUBLIC_KEY.',
    );
    expect(() => loadConfig({ ...irp, IRP_PUBLIC_KEY: '/no/such/key.pem' })).toThrow(
      'IRP_PUBLIC_KEY: neither a PEM key nor a readable file (/no/such/key.pem)',
    );
  });
});

describe("NIC's e-way bill API (decision 072)", () => {
  const PEM = '-----BEGIN PUBLIC KEY-----\\nMIIBIjAN\\n-----END PUBLIC KEY-----';
  const ewb = {
    EWB_API_BASE: 'https://ewb.example.test/',
    EWB_CLIENT_ID: 'EWBCLIENT01',
    EWB_CLIENT_SECRET: 'client-secret',
    EWB_USERNAME: 'kitroom_ewb',
    EWB_PASSWORD: 'api-password',
    EWB_PUBLIC_KEY: PEM,
  };

  it('is off without its variables; the transporter is unset', () => {
    const config = loadConfig({});
    expect(config.ewb).toBeNull();
    expect(config.ewbTransporter).toEqual({ id: null, name: null });
  });

  it('is on with all six, and takes the courier as transporter', () => {
    const config = loadConfig({
      ...ewb,
      EWB_TRANSPORTER_ID: '29AAACB1234C1ZX',
      EWB_TRANSPORTER_NAME: 'Blue Dart',
    });
    expect(config.ewb).toEqual({
      apiBase: 'https://ewb.example.test',
      clientId: 'EWBCLIENT01',
      clientSecret: 'client-secret',
      username: 'kitroom_ewb',
      password: 'api-password',
      publicKey: '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----',
    });
    expect(config.ewbTransporter).toEqual({ id: '29AAACB1234C1ZX', name: 'Blue Dart' });
  });

  it('refuses a start with some of them set, naming the missing ones, and a bad transporter id', () => {
    expect(() => loadConfig({ EWB_USERNAME: 'x', EWB_PASSWORD: 'y' })).toThrow(
      'Missing configuration for this start: EWB_API_BASE, EWB_CLIENT_ID, EWB_CLIENT_SECRET, EWB_PUBLIC_KEY.',
    );
    expect(() => loadConfig({ EWB_TRANSPORTER_ID: 'BLUEDART' })).toThrow(
      'must be a GSTIN or TRANSIN of 15 characters',
    );
  });
});
