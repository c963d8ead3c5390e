// The OTP screen: a 6-character code, Verify (disabled under 6), and a 60 s countdown after
// which Resend OTP and Change Email become enabled.
import { OTP_COUNTDOWN_SECONDS, OTP_LENGTH, type OtpProcessResponse } from '@kitroom/contract';
import { useState, type FormEvent } from 'react';
import { processOtp, sendOtpMail } from '@/api/account-calls';
import { messageOf } from '@/api/client';
import { isNetworkFailure } from '@/api/failure';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextField } from '@/ui/form-field';
import { AUTH_TEXTS, canVerifyOtp, otpProblem } from './auth-rules';
import { AuthCard } from './auth-card';
import { useCountdown } from './use-countdown';

interface OtpStepProps {
  email: string;
  /** The send response's message ('An OTP has been sent to ...'). */
  sentMessage: string;
  onVerified: (response: OtpProcessResponse) => Promise<void>;
  onChangeEmail: () => void;
}

export function OtpStep({ email, sentMessage, onVerified, onChangeEmail }: OtpStepProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState(sentMessage);
  const [busy, setBusy] = useState(false);
  const { remaining, restart } = useCountdown(OTP_COUNTDOWN_SECONDS);
  const waiting = remaining > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = otpProblem(otp);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await onVerified(await processOtp({ email, otp: otp.trim() }));
    } catch (failure) {
      setBusy(false);
      setError(
        isNetworkFailure(failure) ? AUTH_TEXTS.offline : messageOf(failure, AUTH_TEXTS.otpInvalid),
      );
    }
  }

  async function resend() {
    setError(null);
    setInfo('');
    try {
      const response = await sendOtpMail({ email, action: 'resend' });
      setInfo(response.message);
      setOtp('');
      restart();
    } catch {
      setError(AUTH_TEXTS.resendFailed);
    }
  }

  const seconds = `${Math.floor(remaining / 60)}:${String(remaining % 60).padStart(2, '0')}`;
  return (
    <AuthCard
      title="Enter OTP"
      subtitle={
        <>
          Sent to <strong className="text-ink">{email}</strong>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label="OTP"
          name="otp"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={OTP_LENGTH}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        />
        <FormMessage text={info || null} tone="info" />
        <FormMessage text={error} />
        <button
          type="submit"
          disabled={busy || !canVerifyOtp(otp)}
          className={buttonClass('primary', 'w-full')}
        >
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-muted" aria-live="polite">
        {waiting ? (
          <>
            You can ask for a new code in <span className="font-semibold text-ink">{seconds}</span>
          </>
        ) : (
          'Did not get the code?'
        )}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <button
          type="button"
          disabled={waiting}
          onClick={() => void resend()}
          className={buttonClass('ghost')}
        >
          Resend OTP
        </button>
        <button
          type="button"
          disabled={waiting}
          onClick={onChangeEmail}
          className={buttonClass('ghost')}
        >
          Change Email
        </button>
      </div>
    </AuthCard>
  );
}
