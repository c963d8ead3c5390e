// The footer: shop links, help and policy links, the shop's phone and email, social icons and
// the feedback form.
import { telHref } from '@kitroom/contract';
import { Link } from '@/ui/router';
import { FeedbackForm } from '@/features/feedback/feedback-form';
import { FacebookIcon, InstagramIcon, WhatsAppIcon, YouTubeIcon } from '@/ui/brand-icons';
import { Logo } from '@kitroom/ui/logo';
import { useShopDetails } from '@/ui/shop-details';
import { SITE } from '@/ui/site';

const socials = [
  { href: SITE.social.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: SITE.social.facebook, label: 'Facebook', Icon: FacebookIcon },
  { href: SITE.social.whatsapp, label: 'WhatsApp', Icon: WhatsAppIcon },
  { href: SITE.social.youtube, label: 'YouTube', Icon: YouTubeIcon },
];

const columns = [
  {
    title: 'Shop',
    links: [
      ['All Products', '/allProducts'],
      ['Teams', '/productCategory/teams'],
      ['Players', '/productCategory/players'],
    ],
  },
  {
    title: 'Help',
    links: [
      ['Contact Us', '/contactUs'],
      ['Shipping Policy', '/shippingPolicy'],
      ['Return Policy', '/returnPolicy'],
      ['Refund Policy', '/refundPolicy'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Terms & Conditions', '/terms&conditions'],
      ['Privacy Policy', '/privacyPolicy'],
    ],
  },
] as const;

export function Footer() {
  const shop = useShopDetails();
  return (
    <footer className="below-fold bg-ink text-white">
      <div className="mx-auto grid max-w-[1440px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.2fr_repeat(3,0.7fr)_1.4fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-white/75">
            {SITE.tagline}. Retail and wholesale, delivered across India.
          </p>
          {shop && (
            <p className="mt-3 text-sm text-white/75">
              <a href={telHref(shop.phone)} className="inline-block py-1 hover:text-volt">
                {shop.phone}
              </a>
              <br />
              <a href={`mailto:${shop.email}`} className="inline-block py-1 hover:text-volt">
                {shop.email}
              </a>
            </p>
          )}
          <ul className="mt-5 flex gap-2" aria-label="Kitroom on social media">
            {socials.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener"
                  aria-label={label}
                  className="flex h-11 w-11 items-center justify-center rounded-full border border-white/15 hover:border-volt hover:text-volt"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-display text-lg font-bold tracking-wide uppercase">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-1">
              {column.links.map(([label, to]) => (
                <li key={to}>
                  <Link to={to} className="inline-block py-1 text-sm text-white/75 hover:text-volt">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <FeedbackForm />
      </div>
      <div className="border-t border-white/10">
        {/* The year may differ between the server's clock and the browser's at New Year. */}
        <p
          suppressHydrationWarning
          className="mx-auto max-w-[1440px] px-4 py-4 text-xs text-white/70 sm:px-6"
        >
          © {new Date().getFullYear()} {SITE.name}. All prices in Indian rupees.
        </p>
      </div>
    </footer>
  );
}
