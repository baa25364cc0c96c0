/**
 * The park on OpenStreetMap ("Näytä kartalla"): a marker at the park's coordinates (settings
 * park.latitude and park.longitude), zoomed to street level. Used by the public pages and the
 * booking e-mails alike.
 */
export function mapUrl(place: { latitude: number; longitude: number }): string {
  // Six decimals is about 10 cm: enough, and no float noise such as 61.497800000000005 in the link.
  const lat = Number(place.latitude.toFixed(6));
  const lon = Number(place.longitude.toFixed(6));
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
