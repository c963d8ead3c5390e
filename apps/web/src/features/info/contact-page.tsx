// /contactUs: phone, email, the address, opening hours (the shop's settings) and a map.
import { addressLines, telHref } from '@kitroom/contract';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Loader } from '@/ui/loader';
import { useShopDetails } from '@/ui/shop-details';
import { SITE } from '@/ui/site';
import { useTitle } from '@/ui/use-title';

export default function ContactPage() {
  useTitle('Contact Us');
  const shop = useShopDetails();
  const items = shop && [
    {
      Icon: Phone,
      label: 'Phone',
      body: (
        <a href={telHref(shop.phone)} className="underline-offset-4 hover:underline">
          {shop.phone}
        </a>
      ),
    },
    {
      Icon: Mail,
      label: 'Email',
      body: (
        <a href={`mailto:${shop.email}`} className="underline-offset-4 hover:underline">
          {shop.email}
        </a>
      ),
    },
    {
      Icon: MapPin,
      label: 'Store and office',
      body: (
        <address className="not-italic">
          {addressLines(shop).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      ),
    },
    { Icon: Clock, label: 'Hours', body: <p>{shop.support_hours}</p> },
  ];
  return (
    <div className="mx-auto max-w-[1280px] px-4 py-8 sm:px-6 md:py-12">
      <h1 className="font-display text-4xl font-extrabold uppercase sm:text-5xl">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Questions about sizes, an order or a wholesale enquiry? Call, write or visit us
        {shop ? ` in ${shop.city}` : ''}.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        {items ? (
          <ul className="space-y-4">
            {items.map(({ Icon, label, body }) => (
              <li key={label} className="flex gap-4 rounded-2xl border border-line p-5">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-ink text-volt">
                  <Icon aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-display text-lg font-bold uppercase">{label}</h2>
                  <div className="mt-1 text-ink">{body}</div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Loader label="Loading the shop’s details" />
        )}
        <div className="min-h-[320px] overflow-hidden rounded-2xl border border-line bg-paper">
          <iframe
            title="Map of the Kitroom store in Kozhikode"
            src={SITE.mapEmbedUrl}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="h-full min-h-[320px] w-full border-0"
          />
        </div>
      </div>
    </div>
  );
}
