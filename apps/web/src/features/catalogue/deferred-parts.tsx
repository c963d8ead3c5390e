// The product page's parts below a phone's first screen, or that act only when touched: one
// chunk, loaded when the first of them comes near the screen or is touched; the server's HTML
// stands until then (ui/deferred-part.tsx, decision 086).
export { NotifyMe } from '@/features/back-in-stock';
export { DeliveryBox } from '@/features/delivery';
export { PrintingSection } from './product-printing';
export { ProductReviews } from './product-reviews';
export { ShareButtons } from './share-buttons';
export { SimilarProducts } from './similar-products';
