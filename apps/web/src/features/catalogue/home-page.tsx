// Home (spec section 2): hero, Top Teams, Legendary Players, Latest Products, the service
// showcase, New Products and Most Viewed.
import type { HomeResponse, ProductSummary } from '@kitroom/contract';
import { ArrowRight } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useCardWholesalePrices } from '@/features/wholesale';
import { Link } from '@/ui/router';
import { usePageData } from '@/api/page-data';
import { messageOf } from '@/api/client';
import {
  FeaturedCards,
  playerOf,
  PlayerCard,
  profilesOf,
  teamOf,
  TeamCard,
  useProfiles,
} from '@/features/teams';
import { WishlistHeart } from '@/features/wishlist';
import { showAlert } from '@/ui/alert';
import { Carousel } from '@/ui/carousel';
import { ProductCard } from '@/ui/product-card';
import { useTitle } from '@/ui/use-title';
import type { homeLoader } from './loaders';
import { Hero } from './hero';
import { ServiceShowcase } from './service-showcase';

/** 7 on very large screens down to 1 on phones. */
const LIST_SLIDE = {
  slide:
    'basis-[86%] min-[480px]:basis-1/2 md:basis-1/3 lg:basis-1/4 xl:basis-1/5 2xl:basis-1/6 min-[1800px]:basis-1/7',
  image: '(min-width: 1024px) 25vw, (min-width: 768px) 34vw, (min-width: 480px) 50vw, 86vw',
};
/** Latest Products keep two on phones. */
const LATEST_SLIDE = {
  slide: 'basis-1/2 md:basis-1/3 lg:basis-1/4 xl:basis-1/5 2xl:basis-1/6 min-[1800px]:basis-1/7',
  image: '(min-width: 1024px) 25vw, (min-width: 768px) 34vw, 50vw',
};

function Section({
  title,
  link,
  carousel = false,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  /** The row's previous/next buttons sit at the end of the heading line. */
  carousel?: boolean;
  children: ReactNode;
}) {
  const id = `home-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="below-fold mx-auto max-w-[1440px] px-4 py-10 sm:px-6 md:py-14"
    >
      <div
        className={`mb-6 flex min-h-10 items-end justify-between gap-4 ${carousel ? 'pr-24' : ''}`}
      >
        <h2 id={id} className="font-display text-3xl font-extrabold uppercase md:text-4xl">
          {title}
        </h2>
        {link && (
          <Link
            to={link.to}
            className="hidden shrink-0 items-center gap-1 text-sm font-semibold underline-offset-4 hover:underline sm:flex"
          >
            {link.label} <ArrowRight aria-hidden="true" size={16} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

type Slide = typeof LIST_SLIDE;

function ProductRow({
  label,
  products,
  slide,
  wholesale,
}: {
  label: string;
  products: ProductSummary[];
  slide: Slide;
  /** A wholesaler's prices for the page's cards, asked in one call. */
  wholesale: ReadonlyMap<number, number>;
}) {
  return (
    <Carousel label={label} slideClass={slide.slide}>
      {products.map((p) => (
        <ProductCard
          key={p.id}
          product={p}
          showBadge
          imageSizes={slide.image}
          corner={<WishlistHeart product={p} />}
          wholesalePrice={wholesale.get(p.id)}
        />
      ))}
    </Carousel>
  );
}

function RowPlaceholder() {
  return (
    <div className="flex gap-4 overflow-hidden" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <div
          key={i}
          className="w-[86%] shrink-0 min-[480px]:w-1/2 md:w-1/3 lg:w-1/4 xl:w-1/5 2xl:w-1/6"
        >
          <div className="aspect-square animate-pulse rounded-xl bg-paper" />
          <div className="mt-2 h-4 w-2/3 rounded bg-paper" />
          <div className="mt-2 h-4 w-1/3 rounded bg-paper" />
        </div>
      ))}
    </div>
  );
}

function isEmpty(home: HomeResponse): boolean {
  return (
    home.Limited.length === 0 &&
    home['New product'].length === 0 &&
    home['Most Viewed'].length === 0 &&
    home.promotion.length === 0
  );
}

export default function HomePage() {
  const loaded = usePageData<typeof homeLoader>();
  const empty = loaded.data !== undefined && isEmpty(loaded.data);
  const data = empty ? undefined : loaded.data;
  // The spec's texts: an empty response is 'No data returned' (and an alert), a failed one
  // the server's text or 'Something went wrong'.
  const error = empty
    ? 'No data returned'
    : loaded.error !== undefined
      ? messageOf(loaded.error, 'Something went wrong')
      : null;
  const profiles = useProfiles();
  useTitle('Football jerseys in India');

  useEffect(() => {
    if (empty) showAlert('Please try again');
  }, [empty]);

  const heroProducts = data ? [...data.promotion, ...data.Limited, ...data['New product']] : [];
  const rows: { title: string; products: ProductSummary[] | undefined; slide: Slide }[] = [
    { title: 'New Products', products: data?.['New product'], slide: LIST_SLIDE },
    { title: 'Most Viewed', products: data?.['Most Viewed'], slide: LIST_SLIDE },
  ];
  const wholesale = useCardWholesalePrices(
    data ? [...data.Limited, ...data['New product'], ...data['Most Viewed']].map((p) => p.id) : [],
  );

  return (
    <>
      <Hero products={heroProducts} />

      <Section title="Top Teams" link={{ to: '/productCategory/teams', label: 'All teams' }}>
        <FeaturedCards
          kind="team"
          names={profilesOf(profiles.data, 'team').featured}
          loading={profiles.loading}
          card={(name) => <TeamCard team={teamOf(profiles.data, name)} />}
        />
      </Section>

      <Section
        title="Legendary Players"
        link={{ to: '/productCategory/players', label: 'All players' }}
      >
        <FeaturedCards
          kind="player"
          names={profilesOf(profiles.data, 'player').featured}
          loading={profiles.loading}
          card={(name) => <PlayerCard player={playerOf(profiles.data, name)} />}
        />
      </Section>

      <Section title="Latest Products" link={{ to: '/allProducts', label: 'Shop all' }} carousel>
        {data ? (
          <ProductRow
            label="Latest Products"
            products={data.Limited}
            slide={LATEST_SLIDE}
            wholesale={wholesale}
          />
        ) : (
          <RowPlaceholder />
        )}
      </Section>

      <div className="mx-auto max-w-[1440px] px-4 sm:px-6">
        <ServiceShowcase />
      </div>

      {rows.map((row) => (
        <Section
          key={row.title}
          title={row.title}
          link={{ to: '/allProducts', label: 'Shop all' }}
          carousel
        >
          {row.products ? (
            <ProductRow
              label={row.title}
              products={row.products}
              slide={row.slide}
              wholesale={wholesale}
            />
          ) : (
            <RowPlaceholder />
          )}
        </Section>
      ))}

      {error && !data && (
        <p role="alert" className="px-4 pb-10 text-center text-muted">
          {error}
        </p>
      )}
    </>
  );
}
