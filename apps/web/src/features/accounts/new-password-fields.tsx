// A new password typed twice: the fields of the forgot-password step and Change Password.
import { PASSWORD_MIN_LENGTH } from '@kitroom/contract';
import { TextField } from '@/ui/form-field';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        maxLength={128}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
        maxLength={128}
      />
    </>
  );
}
