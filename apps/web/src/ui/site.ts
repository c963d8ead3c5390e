// What does not change with the shop's settings: its name, tagline, social links, the
// about page and the map. Phone, email, address and hours are settings (shop-details.ts).
export const SITE = {
  name: 'Kitroom',
  tagline: 'Football jerseys for every fan in India',
  /** The external about page of the spec. */
  aboutUrl: 'https://about.kitroom.in',
  mapEmbedUrl: 'https://www.google.com/maps?q=Mavoor+Road,+Kozhikode,+Kerala&output=embed',
  social: {
    instagram: 'https://www.instagram.com/kitroom.in',
    facebook: 'https://www.facebook.com/kitroom.in',
    whatsapp: 'https://wa.me/914952721100',
    youtube: 'https://www.youtube.com/@kitroom',
  },
} as const;
