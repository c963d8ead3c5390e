// 'Update Profile Details': the saved shipping address in a modal (Cancel, Submit). All
// fields are required and the postal code has exactly 6 digits; a failed save alerts
// 'try again'.
import { useId, useState, type FormEvent } from 'react';
import { saveShippingAddress } from '@/api/account-calls';
import { showAlert } from '@/ui/alert';
import { AddressFields } from '@/ui/address-fields';
import {
  addressFieldProblems,
  hasBlankField,
  trimAddress,
  type AddressField,
  type AddressValues,
} from '@/ui/address-form';
import { buttonClass } from '@/ui/dialog';
import { FormMessage } from '@/ui/form-field';
import { Overlay } from '@/ui/overlay';
import { PROFILE_TEXTS } from './account-rules';
import { useSessionEnded } from './use-session-ended';

interface AddressModalProps {
  userId: number;
  initial: AddressValues;
  onClose: () => void;
  onSaved: () => void;
}

export function AddressModal({ userId, initial, onClose, onSaved }: AddressModalProps) {
  const titleId = useId();
  const sessionEnded = useSessionEnded();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<AddressField, string>>>({});
  const [busy, setBusy] = useState(false);

  function change(field: AddressField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (hasBlankField(values)) {
      setError(PROFILE_TEXTS.allRequired);
      return;
    }
    const found = addressFieldProblems(values);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await saveShippingAddress({ user_id: userId, shipping_address: trimAddress(values) });
      onSaved();
    } catch (failure) {
      setBusy(false);
      if (!sessionEnded(failure)) showAlert(PROFILE_TEXTS.saveFailed);
    }
  }

  return (
    <Overlay
      open
      onClose={onClose}
      labelledBy={titleId}
      className="max-h-[92vh] overflow-y-auto sm:w-[min(92vw,36rem)]"
    >
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
        Update Profile Details
      </h2>
      <p className="mt-1 text-sm text-muted">Your shipping address, used at checkout.</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-4">
        <AddressFields values={values} onChange={change} errors={problems} />
        <FormMessage text={error} />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {busy ? 'Saving...' : 'Submit'}
          </button>
        </div>
      </form>
    </Overlay>
  );
}
