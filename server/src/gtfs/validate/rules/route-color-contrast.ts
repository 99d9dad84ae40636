import type { GtfsFeed } from '../../tables.ts';
import { isColor } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/**
 * route_color and route_text_color are too alike to read. GTFS reference, routes.route_text_color:
 * it "should" contrast with route_color; MobilityData flags a YIQ brightness difference under 72.
 */
export const ROUTE_COLOR_CONTRAST: NoticeSpec = {
  code: 'route_color_contrast',
  severity: 'warning',
  description: 'route_color and route_text_color do not contrast enough to be read.',
};

export const codes = [ROUTE_COLOR_CONTRAST];

const MIN_BRIGHTNESS_DIFFERENCE = 72;

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const [routeId, color, text] = ['route_id', 'route_color', 'route_text_color'].map((f) =>
    ctx.index.column('routes.txt', f),
  );
  const notices: Notice[] = [];
  for (let r = 0; r < (feed.get('routes.txt')?.rows.length ?? 0); r++) {
    const [routeColor, routeTextColor] = [color(r), text(r)];
    if (!isColor(routeColor) || !isColor(routeTextColor)) continue;
    if (Math.abs(brightness(routeColor) - brightness(routeTextColor)) >= MIN_BRIGHTNESS_DIFFERENCE) continue;
    notices.push(
      notice(ROUTE_COLOR_CONTRAST, {
        filename: 'routes.txt',
        csvRowNumber: r + 2,
        routeId: routeId(r),
        routeColor,
        routeTextColor,
      }),
    );
  }
  return notices;
}

/** YIQ luma of a hex color, 0-255 (W3C "Techniques for Accessibility Evaluation and Repair Tools"). */
function brightness(hex: string): number {
  const [red, green, blue] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return (red * 299 + green * 587 + blue * 114) / 1000;
}
