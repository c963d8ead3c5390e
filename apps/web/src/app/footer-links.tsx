// The footer's links and details: shop links, help and policy links, the shop's phone and
// email, social icons. The server renders them; the browser keeps that HTML (footer.tsx).
import { telHref } from '@kitroom/contract';
import { Link } from '@/ui/router';
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

export function FooterLinks() {
  const shop = useShopDetails();
  return (
    <>
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
          <h2 className="font-display text-lg font-bold tracking-wide uppercase">{column.title}</h2>
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
    </>
  );
}
