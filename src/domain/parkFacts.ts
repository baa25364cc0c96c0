/**
 * The park's facts the owner writes as text (setting facts, decision 047), in the order a visitor
 * asks them, by their Finnish names: the home page's "Puisto" card, Hallintapaneeli's form and the
 * change log name them so. (The size, a number of m², is the fact before them.)
 */
export const parkFactTextLabels = {
  fence: "Aita",
  surface: "Pohja",
  water: "Vesi",
  lighting: "Valaistus",
  parking: "Pysäköinti",
} as const;

export type ParkFactText = keyof typeof parkFactTextLabels;

export const parkFactTexts = Object.entries(parkFactTextLabels) as Array<[ParkFactText, string]>;
