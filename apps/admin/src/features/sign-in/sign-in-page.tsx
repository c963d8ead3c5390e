// /admin/sign-in — email and password, then (with two-factor) a code from the authenticator
// app or a recovery code. The server's refusals are shown as it words them.
import { SecondFactorRequest, SignInRequest, type SignedInResponse } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, call, errorText, keyOf } from '@/api/client';
import { AuthFrame, headingClass } from '@/ui/auth-frame';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useStepFocus } from '@/ui/use-step-focus';
import { useTitle } from '@/ui/use-title';

interface ArrivedWith {
  from?: string;
  signedOut?: boolean;
}

export function SignInPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const arrived = (useLocation().state ?? {}) as ArrivedWith;
  const [step, setStep] = useState<'password' | 'code'>('password');
  const passwordForm = useRequestForm(SignInRequest, {
    defaultValues: { email: '', password: '' },
  });
  // A code is read without the spaces an authenticator app shows in it. What is sent is what
  // was typed, as before: the server's parse of the same schema lower-cases it.
  const codeOf = ({ code }: { code: string }) => ({ code: code.replace(/\s/g, '') });
  const codeForm = useRequestForm(SecondFactorRequest, {
    defaultValues: { code: '' },
    toRequest: codeOf,
  });
  const againWithPassword = () => {
    setStep('password');
    passwordForm.setValue('password', '');
  };
  const [notice, setNotice] = useState<string | null>(
    arrived.signedOut ? 'You are signed out.' : null,
  );
  const heading = useStepFocus<HTMLHeadingElement>(step);
  // Nothing of an earlier session (signed out, or over) stays in the cache.
  useEffect(() => {
    queryClient.removeQueries();
  }, [queryClient]);
  useTitle(step === 'password' ? 'Sign in' : 'Two-factor code');

  const enter = async (signedIn: SignedInResponse) => {
    queryClient.setQueryData(keyOf('me'), signedIn);
    const to = arrived.from && arrived.from !== '/sign-in' ? arrived.from : '/';
    await navigate(to, { replace: true });
  };

  const signIn = useMutation({
    mutationFn: (body: SignInRequest) => call('signIn', { body }),
    onSuccess: async (result) => {
      if (result.status === 'signed-in') return enter(result);
      codeForm.reset();
      setStep('code');
    },
  });
  const secondFactor = useMutation({
    mutationFn: (body: SecondFactorRequest) => call('secondFactor', { body }),
    onSuccess: enter,
    onError: (error) => {
      // The pending sign-in is over (5 minutes, or signed in elsewhere): start again.
      if (error instanceof ApiError && error.status === 401) {
        againWithPassword();
        setNotice('That took too long. Please enter your password again.');
        signIn.reset();
      }
    },
  });

  if (step === 'code') {
    return (
      <AuthFrame>
        <form
          noValidate
          onSubmit={(event) =>
            void codeForm.handleSubmit(() => secondFactor.mutate(codeOf(codeForm.getValues())))(
              event,
            )
          }
          className="space-y-5"
        >
          <div>
            <h1 ref={heading} tabIndex={-1} className={headingClass}>
              Two-factor code
            </h1>
            <p className="mt-2 text-muted">
              Enter the 6-digit code your authenticator app shows for Kitroom, or one of your
              recovery codes.
            </p>
          </div>
          <TextField
            label="Code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            {...codeForm.register('code')}
            error={codeForm.formState.errors.code?.message}
          />
          <FormMessage text={secondFactor.error ? errorText(secondFactor.error) : null} />
          <button
            type="submit"
            className={buttonClass('primary', 'w-full')}
            disabled={secondFactor.isPending}
          >
            {secondFactor.isPending ? 'Checking…' : 'Sign in'}
          </button>
          <button
            type="button"
            className={buttonClass('ghost', 'w-full')}
            onClick={() => {
              againWithPassword();
              secondFactor.reset();
            }}
          >
            Use another account
          </button>
        </form>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <form
        noValidate
        onSubmit={(event) => {
          setNotice(null);
          void passwordForm.handleSubmit(() => signIn.mutate(passwordForm.getValues()))(event);
        }}
        className="space-y-5"
      >
        <div>
          <h1 ref={heading} tabIndex={-1} className={headingClass}>
            Sign in
          </h1>
          <p className="mt-2 text-muted">The back office of Kitroom, for the shop's staff.</p>
        </div>
        <FormMessage text={notice} tone="info" />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          {...passwordForm.register('email')}
          error={passwordForm.formState.errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...passwordForm.register('password')}
          error={passwordForm.formState.errors.password?.message}
        />
        <FormMessage text={signIn.error ? errorText(signIn.error) : null} />
        <button
          type="submit"
          className={buttonClass('primary', 'w-full')}
          disabled={signIn.isPending}
        >
          {signIn.isPending ? 'Signing in…' : 'Continue'}
        </button>
        <p className="text-sm text-muted">
          Forgot your password or lost your phone? Ask the shop's owner to reset your sign-in: they
          will send you a new setup link.
        </p>
      </form>
    </AuthFrame>
  );
}
