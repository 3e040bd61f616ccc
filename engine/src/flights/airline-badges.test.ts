import { airlines } from '@contrail/shared';
import { contrastRatio } from '@contrail/shared/brand/theme';
import { airlineBadgeColours } from '@contrail/shared/reference/airline-colours';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { airlineBadgePath, airlineBadgeRoutes, airlineBadgeSvg, airlineLogoUrl } from './airline-badges.js';

describe('airline badges (issue 33 item 13: a logo on every card, not a grey box)', () => {
  it('every airline of the reference list has a badge whose code reads at WCAG AA contrast', () => {
    for (const airline of airlines) {
      const colours = airlineBadgeColours(airline.iata_code);
      expect(colours, airline.iata_code).toBeDefined();
      expect(contrastRatio(colours!.background, colours!.text), airline.iata_code).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("shows the provider's logo when there is one, else the badge, else nothing", () => {
    expect(airlineLogoUrl('BA', 'https://assets.duffel.com/img/airlines/BA.svg')).toBe(
      'https://assets.duffel.com/img/airlines/BA.svg',
    );
    expect(airlineLogoUrl('BA', null)).toBe('/airline-logos/BA.svg');
    expect(airlineLogoUrl('ZZ', null)).toBeNull();
    expect(airlineLogoUrl(null, null)).toBeNull();
  });

  it('serves the badge as an SVG from this origin, and 404 for an unknown airline or file', async () => {
    const app = express().use(airlineBadgeRoutes());
    const badge = await request(app).get(airlineBadgePath('EK')).expect(200);
    expect(badge.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(badge.headers['cache-control']).toContain('max-age=');
    expect(badge.body.toString()).toBe(airlineBadgeSvg('EK'));
    expect(badge.body.toString()).toContain('fill="#D71921"');
    expect(badge.body.toString()).toContain('>EK</text>');
    await request(app).get('/airline-logos/ZZ.svg').expect(404);
    await request(app).get('/airline-logos/ek.svg').expect(404);
    await request(app).get('/airline-logos/EK.png').expect(404);
  });
});
