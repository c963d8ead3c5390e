// Settings → Invoice signature (decision 069): without a certificate the owner reads what
// unsigned invoices risk; a file and its password go as base64 and text, a refusal is shown
// as the server words it, and what was saved shows whose certificate signs and until when;
// removing asks first.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { shopSettings } from '@/test/settings';
import { signedInAs, staffMember } from '@/test/staff';

const CERTIFICATE = '/api/admin/settings/signing-certificate';
const certificate = {
  subject_name: 'MALABAR KITS PRIVATE LIMITED',
  subject: 'CN=MALABAR KITS PRIVATE LIMITED, O=Malabar Kits Private Limited, C=IN',
  issuer: 'CN=e-Mudhra Sub CA for Class 3 Organisation 2022, C=IN',
  serial_number: '0A1B2C3D',
  valid_from: '2026-04-01T00:00:00.000Z',
  valid_to: '2028-03-31T18:29:59.000Z',
  fingerprint: 'AB:CD',
  uploaded_at: '2026-11-29T10:00:00.000Z',
  problem: null,
};

function setUp(current: object, upload?: (body: unknown) => { status?: number; body: unknown }) {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
    'GET /api/admin/settings': { body: { settings: shopSettings() } },
    'GET /api/admin/settings/cart-reminders': {
      body: {
        settings: {
          enabled: false,
          wait_minutes: 60,
          coupon_kind: null,
          coupon_value: null,
          coupon_valid_days: 7,
          updated_at: '2026-11-29T10:00:00.000Z',
        },
        min_wait_minutes: 30,
      },
    },
    [`GET ${CERTIFICATE}`]: { body: current },
    [`POST ${CERTIFICATE}`]: ({ body }) => upload!(body),
    [`DELETE ${CERTIFICATE}`]: { body: { certificate: null, can_store: true } },
    'GET /api/admin/audit': { body: { entries: [], next_before: null } },
  });
  renderAdmin('/settings');
  return api;
}

const section = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Invoice signature' }, { timeout: 5000 })).closest(
      'section',
    )!,
  );

const choose = (s: Awaited<ReturnType<typeof section>>, bytes: number[]) =>
  fireEvent.change(s.getByLabelText('Certificate file (.pfx or .p12)'), {
    target: { files: [new File([new Uint8Array(bytes)], 'shop.pfx')] },
  });

describe('Settings → Invoice signature', () => {
  it('without a certificate says what that risks, and uploads a file with its password', async () => {
    let sent: unknown;
    const api = setUp({ certificate: null, can_store: true }, (body) => {
      sent = body;
      return sent && (body as { password: string }).password === 'wrong'
        ? {
            status: 400,
            body: { error: 'password: this password does not open the certificate file.' },
          }
        : { body: { certificate, can_store: true } };
    });
    const s = await section();
    expect(
      await s.findByText('No certificate: invoices and credit notes are not signed.'),
    ).toBeTruthy();
    expect(s.getByText(/risks an officer refusing the credit/)).toBeTruthy();

    fireEvent.click(s.getByRole('button', { name: 'Upload certificate' }));
    expect(await s.findByText('attach the .p12 or .pfx file')).toBeTruthy();
    expect(s.getByText("enter the certificate file's password")).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    choose(s, [0x30, 0x82, 0x01]);
    fireEvent.change(s.getByLabelText('Password of the file'), { target: { value: 'wrong' } });
    fireEvent.click(s.getByRole('button', { name: 'Upload certificate' }));
    expect(
      await s.findByText('password: this password does not open the certificate file.'),
    ).toBeTruthy();
    expect(sent).toEqual({ file: 'MIIB', password: 'wrong' });

    fireEvent.change(s.getByLabelText('Password of the file'), { target: { value: 'right' } });
    fireEvent.click(s.getByRole('button', { name: 'Upload certificate' }));
    expect(
      await s.findByText(
        'Saved: documents are signed as MALABAR KITS PRIVATE LIMITED from now on.',
      ),
    ).toBeTruthy();
    expect(s.getByText('CN=e-Mudhra Sub CA for Class 3 Organisation 2022, C=IN')).toBeTruthy();
    expect(s.getByRole('button', { name: 'Replace certificate' })).toBeTruthy();
    expect((s.getByLabelText('Password of the file') as HTMLInputElement).value).toBe('');
  });

  it('shows the certificate, a problem with it, and removes it only when asked twice', async () => {
    const api = setUp({
      certificate: { ...certificate, problem: 'The certificate expired on 31 Mar 2028.' },
      can_store: true,
    });
    const s = await section();
    expect(
      await s.findByText('Documents are not being signed: The certificate expired on 31 Mar 2028.'),
    ).toBeTruthy();
    expect(s.getByText('MALABAR KITS PRIVATE LIMITED')).toBeTruthy();
    fireEvent.click(s.getByRole('button', { name: 'Remove certificate…' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(s.getByRole('button', { name: 'Remove certificate' }));
    expect(
      await s.findByText('No certificate: invoices and credit notes are not signed.'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says so when the server cannot store a certificate', async () => {
    setUp({ certificate: null, can_store: false });
    const s = await section();
    expect(await s.findByText(/The server has no DOCUMENT_SIGNING_KEY/)).toBeTruthy();
    expect(
      (s.getByRole('button', { name: 'Upload certificate' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
