// The product form's values (text as typed: rupees, ids from selects) and their conversion
// to the contract's requests, which the form's resolver then checks with the contract's
// own schemas: a rule of a product's fields is written once, in the contract.
import { parseRupeesText } from '@kitroom/contract/admin';
import type {
  CreateProductRequest,
  ProductDetail,
  ProductStatus,
  UpdateProductRequest,
} from '@kitroom/contract/admin';

export interface SizeRowValue {
  size: string;
  /** Starting stock of a new size (as typed); an existing size's stock is `current`. */
  stock: string;
  existing: boolean;
  current: number;
}

/** Named as the request's fields, so the contract's errors land on the right control. */
export interface ProductFormValues {
  name: string;
  price_paise: string;
  discount_price_paise: string;
  category_id: string;
  sub_category_id: string;
  team_id: string;
  player_id: string;
  tag: string;
  product_details: string;
  is_limited: boolean;
  is_promoted: boolean;
  status: ProductStatus;
  hsn_code: string;
  low_stock_threshold: string;
  sizes: SizeRowValue[];
}

const paiseText = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

export function emptyValues(): ProductFormValues {
  return {
    name: '',
    price_paise: '',
    discount_price_paise: '',
    category_id: '',
    sub_category_id: '',
    team_id: '',
    player_id: '',
    tag: '',
    product_details: '',
    is_limited: false,
    is_promoted: false,
    status: 'draft',
    hsn_code: '6109',
    low_stock_threshold: '3',
    sizes: ['S', 'M', 'L', 'XL'].map((size) => ({ size, stock: '0', existing: false, current: 0 })),
  };
}

export function valuesOf(p: ProductDetail): ProductFormValues {
  const id = (v: number | null) => (v === null ? '' : String(v));
  return {
    name: p.name,
    price_paise: paiseText(p.price_paise),
    discount_price_paise: paiseText(p.discount_price_paise),
    category_id: String(p.category_id),
    sub_category_id: id(p.sub_category_id),
    team_id: id(p.team_id),
    player_id: id(p.player_id),
    tag: p.tag,
    product_details: p.product_details,
    is_limited: p.is_limited,
    is_promoted: p.is_promoted,
    status: p.status,
    hsn_code: p.hsn_code,
    low_stock_threshold: String(p.low_stock_threshold),
    sizes: p.sizes.map((s) => ({
      size: s.size,
      stock: String(s.stock),
      existing: true,
      current: s.stock,
    })),
  };
}

/** Rupees as typed → paise; text that is no price is passed on for the schema to refuse. */
export function paiseOf(text: string): number | string {
  return parseRupeesText(text) ?? text;
}

const number = (text: string) => (text.trim() === '' ? text : Number(text));
const optionalId = (text: string) => (text === '' ? null : Number(text));

function common(v: ProductFormValues) {
  return {
    name: v.name,
    price_paise: paiseOf(v.price_paise),
    discount_price_paise: paiseOf(v.discount_price_paise),
    category_id: v.category_id === '' ? undefined : Number(v.category_id),
    sub_category_id: optionalId(v.sub_category_id),
    team_id: optionalId(v.team_id),
    player_id: optionalId(v.player_id),
    tag: v.tag,
    product_details: v.product_details,
    is_limited: v.is_limited,
    is_promoted: v.is_promoted,
    status: v.status,
    hsn_code: v.hsn_code,
    low_stock_threshold: number(v.low_stock_threshold),
  };
}

/** What a new product's form sends (unchecked: the resolver checks it). */
export function createRequestOf(v: ProductFormValues): Record<keyof CreateProductRequest, unknown> {
  return { ...common(v), sizes: v.sizes.map((s) => ({ size: s.size, stock: number(s.stock) })) };
}

/** What an edit sends: every field; sizes in order, with a starting stock for new ones. */
export function updateRequestOf(v: ProductFormValues): Record<keyof UpdateProductRequest, unknown> {
  return {
    ...common(v),
    sizes: v.sizes.map((s) =>
      s.existing ? { size: s.size } : { size: s.size, stock: number(s.stock) },
    ),
  };
}
