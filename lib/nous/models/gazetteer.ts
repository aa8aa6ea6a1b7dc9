/**
 * Towns and cities, to tell a town from a place within it (data/nous/gazetteer.tsv: GeoNames' populated places of
 * 10,000 inhabitants or more, written by scripts/nous-gazetteer.ts). Read once, on first use.
 *
 * A place lies within a city, for the extractor, when the city has 50,000 inhabitants or more (Suva, a capital, has
 * fewer than 80,000) and the place is no town of the gazetteer at all (a neighbourhood: "Kilimani", "Croix-Rousse") or
 * one within 30 km of that city and smaller ("Ixelles" of Brussels would be, were it listed), or a small town (under
 * 50,000) of another country only ("Easton" of Bristol: the gazetteer's Eastons are American). Names are compared in
 * lower case, accents dropped.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const GAZETTEER_PATH = fileURLToPath(new URL("../../../data/nous/gazetteer.tsv", import.meta.url));

/** One populated place. */
export interface Place {
  name: string;
  country: string;
  population: number;
  lat: number;
  lon: number;
}

let lines: Map<string, string[]> | undefined;
let countries: Set<string> | undefined;

/** The gazetteer's lines by name key (parsed into places when asked for: most names are never asked about). */
function load(): Map<string, string[]> {
  if (lines) return lines;
  lines = new Map();
  const codes = new Set<string>();
  for (const line of readFileSync(GAZETTEER_PATH, "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const tab = line.indexOf("\t");
    const key = fold(line.slice(0, tab));
    codes.add(line.slice(tab + 1, line.indexOf("\t", tab + 1)));
    const list = lines.get(key);
    if (list) list.push(line);
    else lines.set(key, [line]);
  }
  // the countries' English names, from the places' country codes (ICU's region names): a country lies in no city
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  countries = new Set([...codes].map((c) => names.of(c)?.toLowerCase() ?? c.toLowerCase()));
  // (and the short names English uses for a few, and the nations of the United Kingdom, which ICU names no region)
  for (const n of COUNTRY_SHORT_NAMES) countries.add(n);
  return lines;
}

const COUNTRY_SHORT_NAMES = ["us", "usa", "u.s.", "the us", "the usa", "the states", "america", "uk", "u.k.", "the uk", "britain", "great britain", "england", "scotland", "wales", "northern ireland", "uae", "the uae", "the netherlands", "the philippines", "nz", "png", "drc"];

/** Whether a name is a country's ("Spain", "United Kingdom", "the UK", "Scotland"). */
export function isCountry(name: string): boolean {
  load();
  return countries!.has(name.toLowerCase());
}

/** The first-level regions of the countries (data/nous/regions.tsv): the country codes of each name key. */
export const REGIONS_PATH = fileURLToPath(new URL("../../../data/nous/regions.tsv", import.meta.url));
/** The countries whose people write a state or province by its postal code ("how's CO", "made it to TX yet"). */
const CODED = new Set(["US", "CA", "AU"]);
let regionTable: { byName: Map<string, string[]>; codes: Set<string> } | undefined;

/** The regions by folded name (their countries' codes) and the postal codes of `CODED`'s, read once. */
function regions(): { byName: Map<string, string[]>; codes: Set<string> } {
  if (regionTable) return regionTable;
  regionTable = { byName: new Map(), codes: new Set() };
  for (const line of readFileSync(REGIONS_PATH, "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [n, c, code] = line.split("\t");
    const key = fold(n);
    regionTable.byName.set(key, [...(regionTable.byName.get(key) ?? []), c]);
    if (code && CODED.has(c)) regionTable.codes.add(code);
  }
  return regionTable;
}

/**
 * Whether a name is a first-level region (a state, province or county) of the country of any town of the gazetteer
 * named `town` ("Texas" for "Austin", "Gauteng" for "Johannesburg"); of any country when `town` is undefined.
 *
 * @example
 * isRegion("Texas", "Austin"); // true
 * isRegion("Headingley", "Leeds"); // false
 */
export function isRegion(name: string, town?: string): boolean {
  const codes = regions().byName.get(fold(name));
  if (!codes) return false;
  return town === undefined || placesNamed(town).some((p) => codes.includes(p.country));
}

/**
 * Whether a name is the postal code of a state, province or territory of the United States, Canada or Australia, in
 * capitals ("TX", "QLD").
 *
 * @example
 * isRegionCode("TX"); // true
 * isRegionCode("Tx"); // false
 */
export function isRegionCode(name: string): boolean {
  return regions().codes.has(name);
}

/** ICU's English names of regions, made once. */
let regionNames: Intl.DisplayNames | undefined;

/** The codes of the short names of `COUNTRY_SHORT_NAMES` (the nations of the United Kingdom are GB's). */
const SHORT_NAME_CODES: Record<string, string> = {
  us: "US", usa: "US", "u.s.": "US", "the us": "US", "the usa": "US", "the states": "US", america: "US", uk: "GB", "u.k.": "GB", "the uk": "GB",
  britain: "GB", "great britain": "GB", england: "GB", scotland: "GB", wales: "GB", "northern ireland": "GB", uae: "AE", "the uae": "AE",
  "the netherlands": "NL", "the philippines": "PH", nz: "NZ", png: "PG", drc: "CD",
};

/**
 * Whether the place `place` may lie in the country `country`: the gazetteer lists no place of that name (a district,
 * a village), or one of those it lists lies there.
 *
 * @example
 * mayLieInCountry("Leipzig", "Germany"); // true
 * mayLieInCountry("Leipzig", "Portugal"); // false
 * mayLieInCountry("Cathays", "Wales"); // true: no town of the gazetteer
 */
export function mayLieInCountry(place: string, country: string): boolean {
  const places = placesNamed(place);
  if (!places.length) return true;
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
  const code = SHORT_NAME_CODES[country.toLowerCase()];
  return places.some((p) => p.country === code || regionNames!.of(p.country)?.toLowerCase() === country.toLowerCase());
}

/** The gazetteer's places of a name, largest first (empty when it lists none). */
export function placesNamed(name: string): readonly Place[] {
  const key = fold(name);
  let got = parsed.get(key);
  if (got === undefined) {
    got = (load().get(key) ?? []).map((line) => {
      const [n, country, population, lat, lon] = line.split("\t");
      return { name: n, country, population: Number(population), lat: Number(lat), lon: Number(lon) };
    });
    parsed.set(key, got);
  }
  return got;
}

/** The places of the names asked about so far, parsed once. */
const parsed = new Map<string, readonly Place[]>();

/** A name's key: lower case, accents dropped ("Montréal" and "montreal" are one; "Café" and "cafe"). */
export const fold = (name: string): string => (/^[\x00-\x7f]*$/.test(name) ? name.toLowerCase() : name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""));

const CITY = 50_000;
const NEAR_KM = 30;

/** Great-circle distance in km. */
function km(a: Place, b: Place): number {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/**
 * Whether `inner` can lie within the city `outer` (see the module's comment).
 *
 * @example
 * mayLieWithin("Kilimani", "Nairobi"); // true: Nairobi is a city, Kilimani no town of the gazetteer
 * mayLieWithin("Manchester", "London"); // false: a city of its own, far away
 * mayLieWithin("Lakeside", "Pokhara"); // true: the gazetteer's Lakesides are small American towns
 * mayLieWithin("Kilimani", "Salthill"); // false: Salthill is no city of the gazetteer
 * mayLieWithin("Spain", "London"); // false: a country
 */
export function mayLieWithin(inner: string, outer: string): boolean {
  const cities = placesNamed(outer).filter((p) => p.population >= CITY);
  if (!cities.length || fold(inner) === fold(outer) || isCountry(inner)) return false;
  const towns = placesNamed(inner);
  if (!towns.length) return true;
  return towns.every((t) => cities.some((c) => t.population < c.population && (km(t, c) <= NEAR_KM || (t.country !== c.country && t.population < CITY))));
}

/**
 * Whether some reading of `inner` can lie within the city `outer`, when the conversation says it does ("Which part of
 * Toronto?" "Scarborough."): as `mayLieWithin`, but one reading is enough (the gazetteer's other Scarboroughs, in
 * England and Australia, do not count), and a city's reach grows with it (30 km at a million inhabitants or fewer, the
 * square root of its millions times that above: about 90 km for Lagos).
 *
 * @example
 * mayLieWithinSaid("Scarborough", "Toronto"); // true
 * mayLieWithinSaid("Manchester", "London"); // false
 */
export function mayLieWithinSaid(inner: string, outer: string): boolean {
  if (mayLieWithin(inner, outer)) return true;
  const cities = placesNamed(outer).filter((p) => p.population >= CITY);
  if (!cities.length || fold(inner) === fold(outer) || isCountry(inner)) return false;
  return placesNamed(inner).some((t) => cities.some((c) => t.population < c.population && t.country === c.country && km(t, c) <= NEAR_KM * Math.max(1, Math.sqrt(c.population / 1e6))));
}

/**
 * Whether `region` names a region that holds the city `city` ("Ontario" … "Toronto"): no country and no place that may
 * lie within the city, and the city, of 100,000 inhabitants or more, over five times the largest town of the gazetteer
 * named like the region (if any).
 *
 * @example
 * regionHolds("Ontario", "Toronto"); // true: Ontario, California is far smaller than Toronto
 * regionHolds("Leeds", "York"); // false
 */
export function regionHolds(region: string, city: string): boolean {
  const biggest = (v: string) => Math.max(0, ...placesNamed(v).map((p) => p.population));
  // (not a district the city may hold: "Mangere" of "Auckland")
  return !isCountry(region) && biggest(city) >= 100_000 && biggest(city) > 5 * biggest(region) && !mayLieWithin(region, city);
}

/**
 * The town a resident's name is made from, by the regular endings ("Wellingtonian", "Nelsonians", "Torontonian",
 * "Londoner", "Aucklanders", "Brooklynite"): the gazetteer's town of 50,000 inhabitants or more left when the ending
 * is taken off; undefined for an irregular one ("Glaswegian", "Mancunian"), a region's ("Highlander") or a word that is
 * no resident's name.
 *
 * @example
 * demonymTown("Wellingtonian"); // "Wellington"
 */
export function demonymTown(word: string): string | undefined {
  const m = /^(\p{Lu}\p{Ll}{2,}?)(?:n?ians?|ers?|ites?)$/u.exec(word);
  // (a region's people name no town: "Highlander", "Islanders", "Midlander", "Northerner")
  if (!m || placesNamed(word).length > 0 || /^(?:high|low|is|mid|main|out)landers?$|^(?:north|south|east|west)erners?$/i.test(word)) return undefined;
  // ("Wellingtonian": the town's own "n" before "ian"; "Torontonian": its last letter before "nian")
  for (const stem of [m[1], `${m[1]}n`, m[1].replace(/n$/, ""), `${m[1]}a`, `${m[1]}e`]) {
    const p = placesNamed(stem);
    if (p.length && p[0].population >= 50_000 && !isCountry(stem)) return p[0].name;
  }
  return undefined;
}
