// The home hero: four slides that advance every 6 s, with previous and next buttons.
import type { ProductSummary } from '@kitroom/contract';
import { Link } from '@/ui/router';
import { Carousel } from '@/ui/carousel';
import { buttonClass } from '@/ui/button-class';
import { ProductImage } from '@/ui/product-image';

export const HERO_INTERVAL_MS = 6000;

const SLIDES = [
  {
    kicker: 'New season kits',
    title: 'Wear the badge',
    text: 'Home, away and third kits of the clubs you follow, in every size from S to XXL.',
    cta: 'Shop all jerseys',
    to: '/allProducts',
    glow: 'from-[#1d4ed8]/50',
  },
  {
    kicker: 'Legends collection',
    title: 'Legends never retire',
    text: 'Messi, Ronaldo, Chhetri and more: player jerseys with name and number.',
    cta: 'Browse players',
    to: '/productCategory/players',
    glow: 'from-[#be123c]/45',
  },
  {
    kicker: 'Top clubs',
    title: 'Your club. Your colours.',
    text: 'From the Bernabéu to Kochi: jerseys of Europe’s giants and the Indian Super League.',
    cta: 'Browse teams',
    to: '/productCategory/teams',
    glow: 'from-[#047857]/45',
  },
  {
    kicker: 'Across India',
    title: 'At your door in days',
    text: 'Shipped within 5 days, with 7-day returns and exchanges on every order.',
    cta: 'Shipping policy',
    to: '/shippingPolicy',
    glow: 'from-[#a16207]/45',
  },
] as const;

export function Hero({ products }: { products: readonly ProductSummary[] }) {
  return (
    <Carousel
      label="Featured"
      slideClass="basis-full"
      autoplayMs={HERO_INTERVAL_MS}
      loop
      buttons="overlay"
      spaced={false}
    >
      {SLIDES.map((slide, i) => {
        const product = products[i];
        return (
          <div
            key={slide.title}
            className={`relative flex h-[min(88svh,760px)] min-h-[560px] items-center overflow-hidden bg-ink bg-radial-[at_75%_40%] ${slide.glow} to-ink to-70% text-white`}
          >
            <div className="mx-auto grid w-full max-w-[1440px] items-center gap-6 px-6 pt-16 md:grid-cols-2 md:px-16">
              <div className="relative z-10 max-w-xl pt-24 md:pt-0">
                <p className="font-semibold tracking-[0.2em] text-volt uppercase">{slide.kicker}</p>
                {i === 0 ? (
                  <h1 className="mt-3 font-display text-5xl leading-[0.95] font-extrabold uppercase sm:text-7xl">
                    {slide.title}
                  </h1>
                ) : (
                  <h2 className="mt-3 font-display text-5xl leading-[0.95] font-extrabold uppercase sm:text-7xl">
                    {slide.title}
                  </h2>
                )}
                <p className="mt-4 max-w-md text-lg text-white/80">{slide.text}</p>
                <Link to={slide.to} className={buttonClass('accent', 'mt-8 px-7')}>
                  {slide.cta}
                </Link>
              </div>
              {product && (
                <Link
                  to={`/product/${product.id}`}
                  tabIndex={-1}
                  aria-hidden="true"
                  className="absolute top-[12%] right-4 w-[52%] max-w-[420px] opacity-25 md:static md:mx-auto md:w-full md:opacity-100"
                >
                  <ProductImage
                    path={product.image_url}
                    alt=""
                    priority={i === 0}
                    sizes="(min-width: 768px) 420px, 52vw"
                    className="rounded-[2rem] shadow-2xl shadow-black/40"
                  />
                </Link>
              )}
            </div>
          </div>
        );
      })}
    </Carousel>
  );
}
