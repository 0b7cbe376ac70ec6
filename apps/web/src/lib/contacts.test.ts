import { describe, expect, it } from 'vitest';
import { mailtoHref, parseSocialLinks, parseWhatsAppNumbers, telHref, whatsAppHref } from './contacts.ts';

describe('contact options', () => {
  it('splits the WhatsApp list and drops what is not a number', () => {
    expect(parseWhatsAppNumbers('254700123456, 254711223344,+254722000111,call-me')).toEqual([
      '254700123456',
      '254711223344',
      '254722000111',
    ]);
    expect(parseWhatsAppNumbers(undefined)).toEqual([]);
    expect(whatsAppHref('254700123456')).toBe('https://wa.me/254700123456');
  });

  it('dials the hotline without spaces', () => {
    expect(telHref('0709 123 456')).toBe('tel:0709123456');
  });

  it('links only well-formed e-mail addresses', () => {
    expect(mailtoHref('help@winslots.example')).toBe('mailto:help@winslots.example');
    expect(mailtoHref('not an address')).toBeUndefined();
  });

  it('keeps only https social links with safe images', () => {
    const content = JSON.stringify([
      { name: 'facebook', url: 'https://facebook.com/x', image: '/statics/social/facebook.svg' },
      { name: 'evil', url: 'javascript:alert(1)', image: '/x.svg' },
      { name: 'plain', url: 'http://example.com', image: '' },
      { name: 'tracker', url: 'https://x.example', image: '//evil.example/pixel.gif' },
      'junk',
    ]);
    expect(parseSocialLinks(content)).toEqual([
      { name: 'facebook', url: 'https://facebook.com/x', image: '/statics/social/facebook.svg' },
      { name: 'tracker', url: 'https://x.example', image: '' },
    ]);
    expect(parseSocialLinks('{not json')).toEqual([]);
  });
});
