/** A simple map projection fitted to a box: equirectangular around the network's middle latitude. */
export type Projection = (lat: number, lon: number) => { x: number; y: number };

type Box = { width: number; height: number; padding: number };

/**
 * Fits the points into the box, north up, keeping the shape (a degree of longitude is shorter than
 * one of latitude by cos(latitude)). No map tiles: nothing outside the product is fetched.
 */
export function fitProjection(points: { lat: number; lon: number }[], box: Box): Projection {
  if (points.length === 0) return () => ({ x: box.width / 2, y: box.height / 2 });
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const [minLat, maxLat, minLon, maxLon] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lons),
    Math.max(...lons),
  ];
  const cos = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * cos, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const scale = Math.min((box.width - 2 * box.padding) / spanX, (box.height - 2 * box.padding) / spanY);
  // Centre the drawing in the box along the axis that does not fill it.
  const offsetX = (box.width - spanX * scale) / 2;
  const offsetY = (box.height - spanY * scale) / 2;
  return (lat, lon) => ({
    x: offsetX + (lon - minLon) * cos * scale,
    y: offsetY + (maxLat - lat) * scale,
  });
}
