// The shop's own details, in one place: the footer, the contact page and the share links
// read them from here.
export const SITE = {
  name: 'Kitroom',
  tagline: 'Football jerseys for every fan in India',
  phone: '+91 495 272 1100',
  email: 'support@kitroom.in',
  address: ['Kitroom Sportswear', '2nd Floor, Mavoor Road', 'Kozhikode, Kerala 673004', 'India'],
  hours: 'Monday to Saturday, 10 AM to 8 PM (closed Sunday)',
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
