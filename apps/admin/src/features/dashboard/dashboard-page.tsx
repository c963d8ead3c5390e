// /admin — who is signed in, their role, and what that role may do, in plain words.
import { PERMISSIONS } from '@kitroom/contract/admin';
import { useSession } from '@/api/session';
import { PERMISSION_TEXT, ROLE_LABEL } from '@/ui/roles';
import { useTitle } from '@/ui/use-title';

export function DashboardPage() {
  const { staff, permissions } = useSession();
  useTitle('Dashboard');
  const may = PERMISSIONS.filter((p) => permissions.includes(p));
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="welcome">
        <h1 id="welcome" className="font-display text-3xl font-bold uppercase md:text-4xl">
          Welcome, {staff.name}
        </h1>
        <p className="mt-2 text-muted">
          You are signed in as <strong className="text-ink">{ROLE_LABEL[staff.role]}</strong> (
          {staff.email}). Two-factor sign-in is{' '}
          <strong className="text-ink">{staff.two_factor ? 'on' : 'off'}</strong>.
        </p>
      </section>
      <section aria-labelledby="may" className="rounded-2xl border border-line bg-white p-5 md:p-6">
        <h2 id="may" className="text-lg font-bold">
          What your role may do
        </h2>
        <ul className="mt-3 grid gap-2 md:grid-cols-2">
          {may.map((permission) => (
            <li key={permission} className="flex gap-2 text-sm">
              <span
                aria-hidden="true"
                className="mt-1.5 size-2 shrink-0 rounded-full bg-volt-dark"
              />
              {PERMISSION_TEXT[permission]}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          Your session ends after 30 minutes without activity, and after 12 hours in any case.
        </p>
      </section>
    </div>
  );
}
