import { Link } from "react-router-dom";

/** A page whose function comes in a later release: its heading and a plain word of what is coming. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>
        Tämä toiminto on tulossa sivustolle pian. Sivu on vielä rakenteilla, eikä sillä voi vielä asioida.
      </p>
      <p>
        <Link to="/">Takaisin etusivulle</Link>
      </p>
    </div>
  );
}
