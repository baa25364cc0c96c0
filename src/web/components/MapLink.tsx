import { mapUrl } from "../../domain/mapLink";

/** "Näytä kartalla": the park on OpenStreetMap at its coordinates (settings park.latitude/longitude). */
export function MapLink({ park }: { park: { latitude: number; longitude: number } }) {
  return (
    <a href={mapUrl(park)} rel="noopener">
      Näytä kartalla
    </a>
  );
}
