// /product/{id}: gallery, sizes, quantity, Add to Cart and Buy Now with their modals, the
// delivery pincode box, sharing, details, reviews and 'You May Also Like' (spec sections 2,
// 4, 5). What sits below a phone's first screen, or acts only when touched, is server HTML
// until it is needed (deferred-parts.tsx, decision 086).
import { DETAILS_CUT, type ProductSummary } from '@kitroom/contract';
import { ShoppingBag, Zap } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { deferredPart, wakeTypedParts } from '@/ui/deferred-part';
import { retryingImport } from '@/ui/retry-import';
import { lazyPart } from '@/ui/lazy-part';
import { Navigate, useLocation, useNavigate, useParams } from '@/ui/router';
import { usePageData } from '@/api/page-data';
import { ApiError } from '@/api/client';
import { selectUser, type SessionRootState } from '@/features/accounts';
import {
  addItem,
  sameLine,
  selectCartItems,
  useCartDispatch,
  type CheckoutState,
} from '@/features/cart';
import { useSizeFromLink } from '@/features/back-in-stock';
import { LaunchBox, useLaunchPhase } from '@/features/launches';
import { SizeChartButton } from '@/features/size-charts';
import { WholesalePrice } from '@/features/wholesale';
import { WishlistHeart } from '@/features/wishlist';
import { buttonClass } from '@/ui/button-class';
import { Loader, LoadingOverlay } from '@/ui/loader';
import { loginPath, productPath } from '@/ui/paths';
import { Price } from '@/ui/price';
import type { ProductLinkState } from '@/ui/product-card';
import { percentOffLabel } from '@/ui/product-text';
import { QuantityStepper } from '@/ui/quantity-stepper';
import { useOrigin } from '@/ui/origin';
import { useStore } from '@/ui/small-store';
import { useTitle } from '@/ui/use-title';
import type { PrintChoice } from './print-rules';
import { ProductGallery } from './product-gallery';
import type { Notice } from './product-notice';
import { RatingBadge } from './rating-badge';
import {
  addOutcome,
  detailsText,
  galleryImages,
  maxQuantity,
  youMayAlsoLike,
  type AddOutcome,
  PRINT_LOADING,
} from './product-rules';
import { parseProductId, type productLoader } from './loaders';

export const ADD_TO_CART_DELAY_MS = 2000;
export const SIMILAR_PRODUCT_DELAY_MS = 2000;

// The modals show only after a tap on Add to Cart or Buy Now: their code loads then.
const ProductNotice = lazyPart(() => import('./product-notice'));

const later = retryingImport(() => import('./deferred-parts'));
const PrintingSection = deferredPart(async () => (await later()).PrintingSection);
const NotifyMe = deferredPart(async () => (await later()).NotifyMe);
const DeliveryBox = deferredPart(async () => (await later()).DeliveryBox);
const ShareButtons = deferredPart(async () => (await later()).ShareButtons);
const ProductReviews = deferredPart(async () => (await later()).ProductReviews);
const SimilarProducts = deferredPart(async () => (await later()).SimilarProducts);

type Modal = 'none' | Notice;

export default function ProductPage() {
  const { id: rawId } = useParams();
  const id = parseProductId(rawId);
  if (id === null) return <Navigate to="/" replace />;
  return <ProductView key={id} id={id} />;
}

function ProductView({ id }: { id: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useCartDispatch();
  // The cart and the shopper are read when a button is pressed, not subscribed to: the page
  // then hydrates without rendering again for the browser's own cart (decision 054).
  const store = useStore<SessionRootState>();
  const origin = useOrigin();
  const linkState = location.state as ProductLinkState | null;
  // The route's loader (loaders.ts); neither data nor error: the page came without it and
  // loads it now.
  const { data, error } = usePageData<typeof productLoader>();
  const loading = data === undefined && error === undefined;
  const detail = data?.[0];
  const summary: ProductSummary | undefined =
    detail?.product ?? (linkState?.summary?.id === id ? linkState.summary : undefined);

  const [size, setSize] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [modal, setModal] = useState<Modal>('none');
  const [busy, setBusy] = useState<string | null>(null);
  const [added, setAdded] = useState<AddOutcome | null>(null);
  const [expanded, setExpanded] = useState(false);
  // What the printing section made of the form; null before anything is typed.
  const [printChoice, setPrintChoice] = useState<PrintChoice | null>(null);
  const printRef = useRef<HTMLElement>(null);
  // Around the printing part: what is typed there before its code comes is not the page's yet.
  const printBox = useRef<HTMLDivElement>(null);
  // A kit launch (decision 070): before the drop a countdown stands where the buttons go.
  const launch = detail?.launch ?? null;
  const launchPhase = useLaunchPhase(launch);
  // With a waiting room the buttons are for the fan's turn only.
  const [launchTurn, setLaunchTurn] = useState(false);
  const buttonsShown =
    launchPhase === 'none' ||
    (launchPhase === 'on' && (launch?.queue_opens_at == null || launchTurn));

  useTitle(summary?.name);
  // A back-in-stock mail links here with ?size=: that size is chosen while it is in stock.
  useSizeFromLink(summary?.size, setSize);

  // 'Product not found' sends the shopper home (spec section 8).
  useEffect(() => {
    if (error instanceof ApiError && error.status === 404) navigate('/', { replace: true });
  }, [error, navigate]);

  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(null), 4000);
    return () => window.clearTimeout(timer);
  }, [added]);

  if (!summary) {
    if (loading) return <Loader label="Loading product" className="min-h-[60vh]" />;
    return (
      <p className="px-4 py-24 text-center text-muted" role="alert">
        This product could not be loaded. Please try again.
      </p>
    );
  }

  const product = summary;
  const limit = Math.min(
    maxQuantity(product, size),
    launch && launchPhase === 'on' ? launch.per_fan_limit : Infinity,
  );
  const badge = percentOffLabel(product.price, product.discount_price);
  const sizes = Object.entries(product.size);
  const soldOut = sizes.filter(([, stock]) => stock === 0).map(([name]) => name);
  const similar = detail ? youMayAlsoLike(detail) : [];
  const details = detail?.product.product_details ?? '';
  const url = `${origin}${productPath(product.id)}`;
  // Name and number printing (decision 049): only when product.php offers it.
  const offer = detail?.printing ?? null;
  const printCheck = offer ? (printChoice?.check ?? null) : null;
  const print = printCheck?.print ?? null;
  const cartPrint = offer ? (printChoice?.cartPrint ?? null) : null;

  /** A print typed but not valid yet: its first problem is focused and nothing is added. */
  function printBlocks(): boolean {
    // Typed before the printing section's code came (a slow or failed load): it loads now,
    // and nothing is added without the print the shopper sees in the form.
    if (wakeTypedParts(printBox.current)) {
      setAdded({ added: false, text: PRINT_LOADING });
      return true;
    }
    if (!printCheck || (!printCheck.nameError && !printCheck.numberError)) return false;
    printRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
    setAdded({ added: false, text: 'Please check the name and number to print.' });
    return true;
  }

  function chooseSize(next: string) {
    setSize(next);
    setQuantity((q) => Math.min(q, maxQuantity(product, next)));
  }

  function addToCart() {
    if (size === '') {
      setModal('size-for-cart');
      return;
    }
    if (printBlocks()) return;
    setBusy('Adding to cart');
    const stock = product.size[size] ?? 0;
    const inCart =
      selectCartItems(store.getState()).find((i) => sameLine(i, { id: product.id, size, print }))
        ?.selected_quantity ?? 0;
    const outcome = addOutcome(size, stock, inCart, quantity);
    window.setTimeout(() => {
      dispatch(
        addItem({
          id: product.id,
          selected_product_id: product.id,
          image_url: product.image_url,
          name: product.name,
          price: product.price,
          discount_price: product.discount_price,
          selected_quantity: quantity,
          selected_size: size,
          stock_quantity: stock,
          ...(cartPrint ? { print: cartPrint } : {}),
        }),
      );
      setBusy(null);
      setSize('');
      setQuantity(1);
      setAdded(outcome);
    }, ADD_TO_CART_DELAY_MS);
  }

  function buyNow() {
    if (size === '') {
      setModal('size-for-buy');
      return;
    }
    if (printBlocks()) return;
    if (!selectUser(store.getState())) {
      setModal('login');
      return;
    }
    const state: CheckoutState = {
      items: [
        {
          product_id: product.id,
          price: product.discount_price,
          image_url: product.image_url,
          name: product.name,
          quantity,
          selectedSize: size,
          ...(cartPrint ? { print: cartPrint } : {}),
        },
      ],
    };
    navigate('/checkOut', { state });
  }

  function openSimilar(event: MouseEvent<HTMLAnchorElement>, next: ProductSummary) {
    event.preventDefault();
    setBusy('Opening product');
    window.setTimeout(() => {
      setBusy(null);
      const state: ProductLinkState = { summary: next };
      navigate(productPath(next.id), { state });
    }, SIMILAR_PRODUCT_DELAY_MS);
  }

  const facts = [product.team_name, product.player_name, product.category_name].filter(Boolean);

  return (
    <div className="mx-auto max-w-[1280px] px-4 py-6 sm:px-6 md:py-10">
      <div className="grid gap-8 md:grid-cols-2 lg:gap-14">
        <ProductGallery name={product.name} images={galleryImages(detail?.product ?? product)} />

        <div>
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">
            {facts.join(' · ')}
          </p>
          <div className="mt-2 flex items-start justify-between gap-3">
            <h1 className="font-display text-4xl leading-tight font-extrabold uppercase sm:text-5xl">
              {product.name}
            </h1>
            <WishlistHeart product={product} look="page" />
          </div>
          <div className="mt-3 flex items-center gap-3">
            {/* As on the cards: a rating with no shown review behind it (a demo's, an old
                shop's import) is not shown. */}
            {product.review_count > 0 && (
              <>
                <RatingBadge rating={product.product_rating} />
                <a href="#reviews-title" className="text-sm text-muted underline">
                  {product.review_count} {product.review_count === 1 ? 'review' : 'reviews'}
                </a>
              </>
            )}
            {badge && (
              <span className="rounded-full bg-volt px-3 py-1 text-sm font-bold text-ink">
                {badge}
              </span>
            )}
          </div>
          <div className="mt-4">
            <Price price={product.price} discountPrice={product.discount_price} size="lg" />
            <WholesalePrice productId={product.id} quantity={quantity} />
          </div>

          <fieldset className="mt-6">
            <legend className="font-semibold">Size</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {sizes.map(([name, stock]) => (
                <button
                  key={name}
                  type="button"
                  aria-pressed={size === name}
                  disabled={stock === 0}
                  onClick={() => chooseSize(size === name ? '' : name)}
                  aria-label={stock === 0 ? `${name}, sold out` : name}
                  className={`h-12 min-w-12 rounded-xl border-2 px-3 font-bold transition disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:line-through ${size === name ? 'border-ink bg-ink text-white' : 'border-line hover:border-ink'}`}
                >
                  {name}
                </button>
              ))}
            </div>
            <SizeChartButton productId={product.id} />
            {size !== '' && (product.size[size] ?? 0) <= 5 && (
              <p className="mt-2 text-sm font-semibold text-sale">
                Only {product.size[size]} left in {size}
              </p>
            )}
          </fieldset>

          <div className="mt-6 flex flex-wrap items-center gap-4">
            <QuantityStepper value={quantity} max={limit} onChange={setQuantity} />
          </div>

          {offer && (
            <div ref={printBox}>
              <PrintingSection
                offer={offer}
                draft={printChoice?.draft ?? null}
                onChange={setPrintChoice}
                imagePath={product.image_url}
                shirtName={product.name}
                sectionRef={printRef}
              />
            </div>
          )}

          {launch && launchPhase !== 'none' && (
            <Suspense
              fallback={
                <div
                  className={
                    launchPhase === 'upcoming' ? 'mt-6 h-64 rounded-2xl bg-ink' : 'mt-6 h-12'
                  }
                />
              }
            >
              <LaunchBox
                launch={launch}
                phase={launchPhase}
                productId={product.id}
                onTurn={setLaunchTurn}
              />
            </Suspense>
          )}
          {buttonsShown && (
            <>
              <div className="mt-6 grid gap-3 sm:grid-cols-2">
                <button
                  type="button"
                  onClick={addToCart}
                  disabled={product.stock_quantity === 0}
                  className={buttonClass('accent', 'min-h-13 text-base')}
                >
                  <ShoppingBag aria-hidden="true" size={20} /> Add to Cart
                </button>
                <button
                  type="button"
                  onClick={buyNow}
                  disabled={product.stock_quantity === 0}
                  className={buttonClass('primary', 'min-h-13 text-base')}
                >
                  <Zap aria-hidden="true" size={20} /> Buy Now
                </button>
              </div>
              <p
                role="status"
                className={`mt-3 min-h-6 text-sm font-semibold ${added && !added.added ? 'text-sale' : 'text-green-800'}`}
              >
                {added
                  ? added.text
                  : product.stock_quantity === 0
                    ? 'This jersey is sold out.'
                    : ''}
              </p>
            </>
          )}

          {/* Below the buttons: a sold-out size never pushes Add to Cart down the screen. */}
          {soldOut.length > 0 && (
            <NotifyMe
              productId={product.id}
              soldOut={soldOut}
              launchEndsAt={launch && launchPhase !== 'none' ? launch.limits_until : null}
            />
          )}

          <DeliveryBox
            printed={printCheck?.started ?? false}
            products={launch && !launch.cod ? String(product.id) : undefined}
          />

          <div className="mt-4">
            <ShareButtons name={product.name} url={url} />
          </div>

          <section aria-labelledby="details-title" className="mt-8 rounded-2xl bg-paper p-5">
            <h2 id="details-title" className="font-display text-2xl font-bold uppercase">
              Details
            </h2>
            {detail ? (
              <>
                <p className="mt-2 whitespace-pre-line text-ink">
                  {detailsText(details, expanded, DETAILS_CUT)}
                </p>
                {details.length > DETAILS_CUT && (
                  <button
                    type="button"
                    aria-expanded={expanded}
                    onClick={() => setExpanded((e) => !e)}
                    className="mt-2 font-semibold underline underline-offset-4"
                  >
                    {expanded ? 'show less' : 'show more'}
                  </button>
                )}
              </>
            ) : (
              <Loader label="Loading details" className="py-4" />
            )}
          </section>

          {detail && <ProductReviews reviews={detail.reviews} />}
        </div>
      </div>

      {similar.length > 0 && <SimilarProducts products={similar} onOpen={openSimilar} />}

      {busy && <LoadingOverlay label={busy} />}

      {modal !== 'none' && (
        <Suspense fallback={null}>
          <ProductNotice
            notice={modal}
            onClose={() => setModal('none')}
            onLogin={() => navigate(loginPath(`${location.pathname}${location.search}`))}
          />
        </Suspense>
      )}
    </div>
  );
}
