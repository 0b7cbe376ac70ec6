import type { AdvertItem } from '@app/contracts/config';
import { describe, expect, it } from 'vitest';
import { preferChristmas } from './theme.ts';

const advert = (id: number, img: string): AdvertItem => ({
  id,
  title: `advert ${id}`,
  url: '/home',
  img,
  image: img,
  typeId: 500101,
  sort: id,
  content: '',
});

describe('preferChristmas', () => {
  it('moves festive banners first and keeps the rest in order', () => {
    const items = [
      advert(1, '/statics/adverts/home-swipe-coins.svg'),
      advert(2, '/statics/adverts/home-swipe-crash.svg'),
      advert(3, '/statics/adverts/home-swipe-christmas.svg'),
    ];
    expect(preferChristmas(items).map((item) => item.id)).toEqual([3, 1, 2]);
  });
});
