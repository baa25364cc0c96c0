import { dogOptionsText } from "../../../domain/dogRules";

/** The booking's dogs' options in the admin's panel (decision 036), nothing without any. */
export function DogOptionsTerm({ options }: { options: { reactiveDog?: boolean; inHeat?: boolean } }) {
  const text = dogOptionsText(options);
  if (!text) return null;
  return (
    <>
      <dt>Huomioitavaa</dt>
      <dd>
        <strong>{text}</strong>
      </dd>
    </>
  );
}
