// /giveaway/{slug}: a giveaway (decision 050) with its picture, dates, rules and featured
// products; a logged-in shopper enters once (the referral codes this browser keeps go with
// the entry, as with an order), a visitor is sent to log in and back. /giveaway alone is the
// current giveaway, where the spec's /link/.../giveaway handlers lead.
import type { StorefrontGiveaway } from '@kitroom/contract';
import { Gift, PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@/ui/router';
import { statusOf } from '@/api/failure';
import { enterGiveaway, getGiveaway } from '@/api/giveaway-calls';
import { forgetApi, useApi } from '@/api/use-api';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { referralCodesForCheckout } from '@/features/referrals';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { loginPath } from '@/ui/paths';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { ProductImage } from '@/ui/product-image';
import { useTitle } from '@/ui/use-title';
import { statusLine } from './giveaway-text';

export default function GiveawayPage() {
  const { slug } = useParams();
  return <GiveawayView key={slug ?? ''} slug={slug?.toLowerCase()} />;
}

function Missing({ current }: { current: boolean }) {
  useTitle(current ? 'Giveaways' : 'Giveaway not found');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <Gift aria-hidden="true" size={48} className="text-ink/40" />
      <h1 className="font-display text-2xl font-bold">
        {current ? 'No giveaway is running right now' : 'Giveaway not found'}
      </h1>
      <p className="text-ink/70">
        {current
          ? 'Follow us on Instagram to hear about the next one.'
          : 'This giveaway does not exist. Its link may be mistyped.'}
      </p>
      <Link to="/" className={buttonClass('primary')}>
        Get Back to Shopping
      </Link>
    </section>
  );
}

function GiveawayView({ slug }: { slug: string | undefined }) {
  const userId = useSessionSelector(selectUserId);
  const navigate = useNavigate();
  const key = `giveaway ${slug ?? '(current)'} ${userId ?? 'visitor'}`;
  const { data, error, loading } = useApi(key, (signal) => getGiveaway(slug, { signal }), {
    fresh: true,
  });
  const giveaway = data?.giveaway;

  // /giveaway: the current giveaway, at its own address.
  useEffect(() => {
    if (slug === undefined && giveaway) {
      navigate(`/giveaway/${giveaway.slug}`, { replace: true });
    }
  }, [slug, giveaway, navigate]);

  useTitle(giveaway?.title);
  if (statusOf(error) === 404) return <Missing current={slug === undefined} />;
  if (error) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        The giveaway could not be loaded. Please try again.
      </p>
    );
  }
  if (loading || !giveaway) return <Loader label="Loading the giveaway" className="min-h-[60vh]" />;
  return <GiveawayBody giveaway={giveaway} userId={userId} />;
}

function GiveawayBody({
  giveaway: g,
  userId,
}: {
  giveaway: StorefrontGiveaway;
  userId: number | null;
}) {
  const [justEntered, setEntered] = useState(false);
  const entered = justEntered || g.entered;
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const here = `/giveaway/${g.slug}`;

  async function enter(id: number) {
    setSending(true);
    setRefusal(null);
    try {
      const codes = referralCodesForCheckout();
      await enterGiveaway({
        user_id: id,
        slug: g.slug,
        affiliate_code: codes.affiliate_code,
        google_code: codes.google_code,
      });
      forgetApi(`giveaway ${g.slug}`);
      setEntered(true);
    } catch (err) {
      setRefusal(
        err instanceof Error && statusOf(err) !== undefined
          ? err.message
          : 'Your entry could not be sent. Please check your connection and try again.',
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <article>
      <section className="bg-ink text-white">
        <div className="mx-auto grid max-w-[1440px] gap-8 px-4 py-8 sm:px-6 md:grid-cols-2 md:items-center md:py-14">
          <div className="overflow-hidden rounded-2xl bg-white/5">
            <ProductImage
              path={g.picture}
              alt={g.title}
              priority
              sizes="(min-width: 768px) 50vw, 100vw"
              className="aspect-square w-full object-cover"
            />
          </div>
          <div className="flex flex-col gap-5">
            <p className="font-semibold tracking-[0.2em] text-volt uppercase">Giveaway</p>
            <h1 className="font-display text-3xl font-bold md:text-5xl">{g.title}</h1>
            <p className="text-white/80">{statusLine(g)}</p>
            <EntryBox
              state={g.state}
              entered={entered}
              userId={userId}
              sending={sending}
              refusal={refusal}
              loginTo={loginPath(here)}
              onEnter={(id) => void enter(id)}
            />
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-[1440px] gap-10 px-4 py-10 sm:px-6">
        {g.rules && (
          <section aria-labelledby="giveaway-rules">
            <h2 id="giveaway-rules" className="font-display text-2xl font-bold">
              Rules
            </h2>
            <p className="mt-3 max-w-3xl whitespace-pre-line text-ink/80">{g.rules}</p>
          </section>
        )}
        {g.products.length > 0 && (
          <section aria-labelledby="giveaway-products">
            <h2 id="giveaway-products" className="mb-5 font-display text-2xl font-bold">
              Featured jerseys
            </h2>
            <ProductGrid label="Featured jerseys">
              {g.products.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
            </ProductGrid>
          </section>
        )}
      </div>
    </article>
  );
}

function EntryBox(p: {
  state: StorefrontGiveaway['state'];
  entered: boolean;
  userId: number | null;
  sending: boolean;
  refusal: string | null;
  loginTo: string;
  onEnter: (userId: number) => void;
}) {
  if (p.entered) {
    return (
      <p
        role="status"
        className="flex items-center gap-3 rounded-xl bg-volt px-4 py-3 font-semibold text-ink"
      >
        <PartyPopper aria-hidden="true" size={22} />
        You&rsquo;re in! We will mail the winner after the giveaway ends.
      </p>
    );
  }
  if (p.state === 'upcoming') {
    return (
      <p className="rounded-xl bg-white/10 px-4 py-3">Entries open when the giveaway starts.</p>
    );
  }
  if (p.state === 'ended') {
    return <p className="rounded-xl bg-white/10 px-4 py-3">Entries are closed.</p>;
  }
  if (p.userId === null) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Link to={p.loginTo} className={buttonClass('accent')}>
          Log in to enter
        </Link>
        <p className="text-sm text-white/70">One entry per shopper. Entering is free.</p>
      </div>
    );
  }
  const userId = p.userId;
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className={buttonClass('accent')}
        disabled={p.sending}
        onClick={() => p.onEnter(userId)}
      >
        {p.sending ? 'Entering…' : 'Enter the giveaway'}
      </button>
      <p className="text-sm text-white/70">One entry per shopper. Entering is free.</p>
      {p.refusal && (
        <p role="alert" className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-sale">
          {p.refusal}
        </p>
      )}
    </div>
  );
}
