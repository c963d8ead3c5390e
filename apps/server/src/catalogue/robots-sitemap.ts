// robots.txt and sitemap.xml: what crawlers may index (the shopper's own pages are not), and
// every public page of the catalogue with its product pages' last change.
import { slugify } from '@kitroom/contract';
import type { FastifyInstance } from 'fastify';
import * as catalogue from './catalogue.service.js';
import type { Queryable } from '../db/index.js';

function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /checkOut',
    'Disallow: /myAccount',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /reviewOrdersDetails/',
    'Disallow: /link/',
    'Disallow: /confirmOrder/',
    'Disallow: /confirmNotify/',
    'Disallow: /searchPage',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function sitemapXml(db: Queryable, publicUrl: string): Promise<string> {
  const [categories, facets, products] = await Promise.all([
    catalogue.categoryList(db),
    catalogue.listing(db, { limit: '0-1' }),
    catalogue.sitemapProducts(db),
  ]);
  const entries: { loc: string; lastmod?: Date }[] = [
    '/',
    '/allProducts',
    '/productCategory/teams',
    '/productCategory/players',
    '/contactUs',
    '/terms&conditions',
    '/returnPolicy',
    '/refundPolicy',
    '/shippingPolicy',
    '/privacyPolicy',
  ].map((p) => ({ loc: p }));
  for (const c of categories.categories) {
    if (c.product_count > 0) {
      entries.push({ loc: `/productCategory/${encodeURIComponent(c.category_name)}` });
    }
  }
  for (const t of facets.teams) {
    entries.push({ loc: `/productCategory/team/${encodeURIComponent(slugify(t.team_name))}` });
  }
  for (const p of facets.players) {
    entries.push({ loc: `/productCategory/player/${encodeURIComponent(slugify(p.player_name))}` });
  }
  for (const p of products) entries.push({ loc: `/product/${p.id}`, lastmod: p.updatedAt });
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(`${publicUrl}${e.loc}`)}</loc>${
        e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function registerRobotsAndSitemap(
  app: FastifyInstance,
  db: Queryable,
  publicUrl: string,
): void {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapXml(db, publicUrl)),
  );
}
