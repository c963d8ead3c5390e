// The storefront's URLs, built in one place (spec section 2).
import { slugify } from '@kitroom/contract';

export const productPath = (id: number) => `/product/${id}`;
export const categoryPath = (name: string) => `/productCategory/${encodeURIComponent(name)}`;
export const teamPath = (name: string) =>
  `/productCategory/team/${encodeURIComponent(slugify(name))}`;
export const playerPath = (name: string) =>
  `/productCategory/player/${encodeURIComponent(slugify(name))}`;
export const searchPath = (phrase: string) => `/searchPage/${encodeURIComponent(phrase.trim())}`;
export const loginPath = (redirect?: string) =>
  redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
