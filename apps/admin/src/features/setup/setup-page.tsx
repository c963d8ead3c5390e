// /admin/setup/:token — a setup link (the first owner, an invitation, or a reset): what it is
// for, then name, email (first owner only), password twice and, when the role needs it or
// the person wants it, two-factor enrolment; then the recovery codes, once.
import {
  SetupRequest,
  STAFF_PASSWORD_MIN_LENGTH,
  type SetupInfoResponse,
  type SetupResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { AuthFrame, headingClass } from '@/ui/auth-frame';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm, type RequestSchema } from '@/ui/request-form';
import { ROLE_LABEL } from '@/ui/roles';
import { useStepFocus } from '@/ui/use-step-focus';
import { useTitle } from '@/ui/use-title';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

export function SetupPage() {
  const { token = '' } = useParams();
  const info = useQuery({
    ...callQuery('setupInfo', { params: { token } }),
    staleTime: Infinity,
  });
  const [done, setDone] = useState<SetupResponse | null>(null);
  const heading = useStepFocus<HTMLHeadingElement>(done ? 'codes' : 'form');
  const navigate = useNavigate();
  useTitle(done ? 'Recovery codes' : 'Set up your sign-in');

  if (done) {
    return (
      <AuthFrame>
        <RecoveryCodes
          codes={done.recovery_codes}
          headingRef={heading}
          onSaved={() => void navigate('/')}
        />
      </AuthFrame>
    );
  }
  if (info.error) {
    return (
      <AuthFrame>
        <h1 className={headingClass}>This link does not work</h1>
        <div className="mt-4">
          <FormMessage text={errorText(info.error)} />
        </div>
        <p className="mt-4 text-muted">
          Setup links work once and for 24 hours. Ask the shop's owner for a new one: they can
          invite you again or reset your sign-in from Staff. If you are setting up the shop's first
          owner, restart the shop (it prints a new link while no staff exists) or run{' '}
          <code className="rounded bg-paper px-1 font-mono text-sm text-ink">
            npm run staff -- setup-link
          </code>
          .
        </p>
        <Link to="/sign-in" className={buttonClass('ghost', 'mt-6')}>
          Go to sign-in
        </Link>
      </AuthFrame>
    );
  }
  if (!info.data) {
    return (
      <AuthFrame>
        <p role="status">Checking your link…</p>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame wide>
      <SetupForm token={token} info={info.data} headingRef={heading} onDone={setDone} />
    </AuthFrame>
  );
}

function introOf(info: SetupInfoResponse): { title: string; text: string } {
  const role = ROLE_LABEL[info.role].toLowerCase();
  if (info.kind === 'reset') {
    return {
      title: 'Set a new password',
      text: `Your sign-in${info.email ? ` for ${info.email}` : ''} was reset. Choose a new password${
        info.needs_two_factor ? ' and set up two-factor sign-in again' : ''
      }.`,
    };
  }
  if (info.email === null) {
    return {
      title: 'Set up the back office',
      text: "You are the shop's first owner. Choose your name, the email you will sign in with and a password, then add two-factor sign-in.",
    };
  }
  return {
    title: `Join as ${role}`,
    text: `${info.email} is invited to Kitroom's back office as ${role}. Choose your password to start.`,
  };
}

interface SetupFormProps {
  token: string;
  info: SetupInfoResponse;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (result: SetupResponse) => void;
}

/** The form's fields: the password twice, and the code when two-factor sign-in is on. */
interface Values {
  name: string;
  email: string;
  password: string;
  confirm: string;
  two_factor: boolean;
  totp_code: string;
}

/**
 * The request the values make, checked as the server will, and sent as typed: a code when
 * two-factor sign-in is on, and the same password twice.
 */
function setupSchema(token: string, info: SetupInfoResponse): RequestSchema<SetupRequest> {
  return {
    safeParse(input) {
      const v = input as Values;
      const body: SetupRequest = {
        token,
        // A reset keeps the person's name.
        name: info.kind === 'reset' ? (info.name ?? v.name) : v.name,
        ...(info.email === null ? { email: v.email } : {}),
        password: v.password,
        ...(v.two_factor ? { totp_code: v.totp_code.replace(/\s/g, '') } : {}),
      };
      const parsed = SetupRequest.safeParse(body);
      const issues: { path: readonly PropertyKey[]; message: string }[] = [];
      if (v.two_factor && body.totp_code === '') {
        issues.push({
          path: ['totp_code'],
          message: 'enter the 6 digits your authenticator app shows',
        });
      }
      if (!parsed.success) issues.push(...parsed.error.issues);
      if (!issues.some((issue) => issue.path[0] === 'password') && v.password !== v.confirm) {
        issues.push({ path: ['confirm'], message: 'The two passwords are not the same.' });
      }
      return issues.length > 0
        ? { success: false, error: { issues } }
        : { success: true, data: body };
    },
  };
}

function SetupForm({ token, info, headingRef, onDone }: SetupFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [schema] = useState(() => setupSchema(token, info));
  const form = useRequestForm<Values, SetupRequest>(schema, {
    defaultValues: {
      name: info.name ?? '',
      email: '',
      password: '',
      confirm: '',
      two_factor: info.needs_two_factor,
      totp_code: '',
    },
  });
  const { errors } = form.formState;
  const twoFactor = form.watch('two_factor');
  const intro = introOf(info);

  const setup = useMutation({
    mutationFn: (body: SetupRequest) => call('setup', { body }),
    onSuccess: async (result) => {
      queryClient.setQueryData(keyOf('me'), {
        staff: result.staff,
        permissions: result.permissions,
      });
      if (result.recovery_codes.length > 0) onDone(result);
      else await navigate('/');
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => setup.mutate(body))(event)}
      className="space-y-5"
    >
      <div>
        <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
          {intro.title}
        </h1>
        <p className="mt-2 text-muted">{intro.text}</p>
        <p className="mt-1 text-sm text-muted">
          Role: <strong className="text-ink">{ROLE_LABEL[info.role]}</strong> · This link works
          until {formatDateTime(info.expires_at)}.
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        {info.kind === 'new' && (
          <TextField
            label="Your name"
            autoComplete="name"
            {...form.register('name')}
            error={errors.name?.message}
            className={info.email === null ? '' : 'md:col-span-2'}
          />
        )}
        {info.email === null ? (
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            {...form.register('email')}
            error={errors.email?.message}
          />
        ) : (
          // Password managers file the new password under this address.
          <input type="hidden" autoComplete="username" value={info.email} readOnly />
        )}
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          error={errors.password?.message}
          hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. A few unrelated words are easy to remember.`}
        />
        <TextField
          label="Password again"
          type="password"
          autoComplete="new-password"
          {...form.register('confirm')}
          error={errors.confirm?.message}
        />
      </div>

      <fieldset className="rounded-2xl border border-line p-4 md:p-5">
        <legend className="px-1 font-semibold">Two-factor sign-in</legend>
        {info.needs_two_factor ? (
          <p className="text-sm text-muted">
            {ROLE_LABEL[info.role]}s sign in with a password and a code from an authenticator app.
          </p>
        ) : (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5 accent-ink"
              {...form.register('two_factor')}
            />
            <span>Also ask for a code from an authenticator app when I sign in (recommended)</span>
          </label>
        )}
        {twoFactor && (
          <TotpEnrolment
            secret={info.totp_secret}
            otpauthUrl={info.otpauth_url}
            code={form.register('totp_code')}
            error={errors.totp_code?.message}
          />
        )}
      </fieldset>

      <FormMessage text={setup.error ? errorText(setup.error) : null} />
      <button
        type="submit"
        className={buttonClass('primary', 'w-full md:w-auto')}
        disabled={setup.isPending}
      >
        {setup.isPending ? 'Saving…' : 'Save and sign in'}
      </button>
    </form>
  );
}
