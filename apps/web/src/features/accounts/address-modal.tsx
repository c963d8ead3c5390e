// 'Update Profile Details': the saved shipping address in a modal (Cancel, Submit). All
// fields are required and the postal code has exactly 6 digits and is in the chosen state
// (looked up as it is typed, which also fills an empty city); a failed save alerts 'try
// again', a refused one says why.
import { useId, useState, type FormEvent } from 'react';
import { saveShippingAddress } from '@/api/account-calls';
import { ApiError } from '@/api/client';
import { useAddressPincode } from '@/features/delivery';
import { showAlert } from '@/ui/alert';
import { AddressFields } from '@/ui/address-fields';
import {
  addressFieldProblems,
  hasBlankField,
  trimAddress,
  type AddressField,
  type AddressValues,
} from '@/ui/address-form';
import { buttonClass } from '@/ui/button-class';
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
  const pincode = useAddressPincode(values, change);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (hasBlankField(values)) {
      setError(PROFILE_TEXTS.allRequired);
      return;
    }
    const found = addressFieldProblems(values);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0 || pincode.problem) return;
    setBusy(true);
    try {
      await saveShippingAddress({ user_id: userId, shipping_address: trimAddress(values) });
      onSaved();
    } catch (failure) {
      setBusy(false);
      if (sessionEnded(failure)) return;
      // A refusal says what to mend (the pincode's state); anything else: try again.
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else showAlert(PROFILE_TEXTS.saveFailed);
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
        <AddressFields
          values={values}
          onChange={change}
          errors={{ ...problems, pincode: problems.pincode ?? pincode.problem ?? undefined }}
        />
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
