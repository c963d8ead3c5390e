// The footer: the shop's links and details (kept from the server's HTML in the browser), the
// feedback form, and the year's notice.
import { FeedbackForm } from '@/features/feedback/feedback-form';
import { useShopDetails } from '@/ui/shop-details';
import { StaticIsland } from '@/ui/static-island';
import { SITE } from '@/ui/site';
import { FooterLinks } from './footer-links';

export function Footer() {
  // Keeps the shop's details for the visit, as shop-details.ts has the footer do: the pages
  // that show them later (contact, delivery) read them after the inlined copy is dropped.
  useShopDetails();
  return (
    <footer className="below-fold bg-ink text-white">
      <div className="mx-auto grid max-w-[1440px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.2fr_repeat(3,0.7fr)_1.4fr]">
        {/* The links and the shop's details never change in the browser: it keeps the
            server's HTML and loads none of their code. */}
        <StaticIsland id="footer-links" className="contents">
          {import.meta.env.SSR && <FooterLinks />}
        </StaticIsland>
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
