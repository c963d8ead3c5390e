// /myAccount: ID, Name, Email, Mobile Number and Shipping Address (NAN when none), with
// 'Update Profile Details' for the address; under it, WhatsApp order updates (when the shop
// sends them) and the shopper's data rights.
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getProfile } from '@/api/account-calls';
import { useApi } from '@/api/use-api';
import { addressValues, formatAddress } from '@/ui/address-form';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { PROFILE_TEXTS } from './account-rules';
import { AddressModal } from './address-modal';
import { CartRemindersPanel } from './cart-reminders-panel';
import { MyDataPanel } from './my-data-panel';
import { selectUserId, useSessionSelector } from './session-slice';
import { useSessionEnded } from './use-session-ended';
import { WhatsAppPanel } from './whatsapp-panel';

export default function ProfilePage() {
  const userId = useSessionSelector(selectUserId);
  const sessionEnded = useSessionEnded();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const { data, error, loading } = useApi(
    userId === null ? null : `profile ${userId} ${version}`,
    (signal) => getProfile(userId ?? 0, { signal }),
  );

  useEffect(() => {
    if (error) sessionEnded(error);
  }, [error, sessionEnded]);

  if (loading || userId === null) return <Loader label="Loading your profile" />;
  if (!data) {
    return (
      <div className="rounded-2xl border border-line p-6">
        <p role="alert">Your profile could not be loaded.</p>
        <button
          type="button"
          className={buttonClass('ghost', 'mt-4')}
          onClick={() => setVersion((v) => v + 1)}
        >
          Try again
        </button>
      </div>
    );
  }

  const { user } = data;
  const rows: [string, string][] = [
    ['ID', String(user.id)],
    ['Name', user.name],
    ['Email', user.email],
    ['Mobile Number', user.phone_number],
    [
      'Shipping Address',
      user.shipping_address ? formatAddress(user.shipping_address) : PROFILE_TEXTS.noAddress,
    ],
  ];

  return (
    <>
      <div className="rounded-2xl border border-line bg-white p-5 sm:p-7">
        <dl className="divide-y divide-line">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="text-sm font-semibold text-muted">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className={buttonClass('primary', 'mt-6')}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" size={16} /> Update Profile Details
        </button>
        {editing && (
          <AddressModal
            userId={user.id}
            initial={addressValues(user.shipping_address)}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              setVersion((v) => v + 1);
            }}
          />
        )}
      </div>
      <WhatsAppPanel userId={user.id} />
      <CartRemindersPanel userId={user.id} />
      <MyDataPanel userId={user.id} email={user.email} />
    </>
  );
}
