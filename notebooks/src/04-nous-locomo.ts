// Notebook 04: Nous memory: its extractor, LoCoMo's test split, the balanced belief-dynamics benchmark, the claims audit.
// %% [markdown]
// # Nous: memory as a predictive world model
//
// Nous keeps, for every (entity, attribute), a categorical belief held as Dirichlet pseudo-counts. Each observation is
// scored by its surprise S = −log₂ P(obs | D) *before* the update, the belief moves by a closed-form noisy-likelihood
// posterior (reliability r), beliefs left alone decay toward uniform (half-life h), and what is stored is the
// **delta**. Observations carry a **kind** read from grammar (a state, a change, an ending, a plan) and a
// **confidence** read from cues (a joke or a hyperbole is a low-confidence observation). A question is answered from
// BM25 over the deltas, boosted for the entities it names and their graph neighbours, with the beliefs of the named
// entities' states and of the retrieved dimensions as fact lines.
//
// **Model.** Everything here except the published numbers at the end is the **offline parametric pipeline**
// (`offline:nous-nlp-v3`): an extractor on wink-nlp (sentences, part of speech, lemmas, negation, dates) that reads
// clauses for their subject, tense, aspect and negation, and an extractive answerer that copies a value, a belief's
// mode or a date (where its rules find no home or workplace for the person asked about, the name in the retrieved
// evidence that a ridge logistic regression fitted on the tune sets only scores highest: `data/nous/ranker.json`).
// Where the extractor's rules read no home or workplace for a person not yet known to have one, a second fitted
// model reads the turn's names (per role: speaker, listener, a person named; `data/nous/mentions.json`) and adds the
// one it scores at least at its cross-validated threshold as an observation at the indirect-evidence confidence. It
// is not a language model. Its parameters (r = 0.8, α₀ = 1, h = 90 days, θ_min = 1 bit, hops 1, a
// 600-token context; hedge confidence 0.2, plan confidence 0.5, indirect-evidence confidence 0.5) are inputs; answers and the differences between
// ablations are outputs.
//
// **What this notebook shows: the profile its first cell names.** The committed outputs are the `full` profile
// (`AGORA_PROFILE=full`): LoCoMo's test split (conv-44, conv-47, conv-48, conv-49, conv-50), the pre-registered
// instance of the benchmark (144 conversations) and the full claims audit. The notebook tests run `quick` (one test
// conversation, or the bundled fixture's when `locomo10.json` is absent; an 8-conversation benchmark instance; a
// small audit, provisional). Every rule and parameter was chosen on LoCoMo's dev split, the dev half of the
// hand-written sentences, the pilot instance of the benchmark and the tune half of the hand-written conversations.

// %%
import { claims, experiment, nous, plot } from "../dist/index.js";
// the committed outputs: AGORA_PROFILE=full npm run notebooks -- --in-place notebooks/04-nous-locomo.ipynb
const PROFILE: "quick" | "full" = process.env.AGORA_PROFILE === "full" ? "full" : "quick";
const CONFIG = "../data/configs/nous-default.json";
const res = await experiment.runExperiment(CONFIG, { profile: PROFILE, resume: true, progress: "none" });
const run = await experiment.load(res.dir);
const answers = run.tables.answers;
const deltas = run.tables.deltas;
const extraction = run.tables.extraction;
const MODEL = String(answers[0].model);
const DATA = String(answers[0].data);
const CONVS = [...new Set(answers.map((r) => String(r.conversation)))];
const LABEL = MODEL.startsWith("offline") ? `${MODEL}: offline parametric pipeline, not an LLM` : MODEL;
console.log(`profile: ${PROFILE} (set AGORA_PROFILE=quick|full to switch)`);
console.log(DATA === "locomo10"
  ? `data: LoCoMo locomo10.json, split ${answers[0].split}: ${CONVS.length} conversations (${CONVS.join(", ")})`
  : `data: FIXTURE (invented LoCoMo-format conversations; locomo10.json was not found), split ${answers[0].split}: numbers below are not LoCoMo results`);
console.log(`model: ${LABEL} · ${answers.length} answer rows · ${deltas.length} deltas`);
const base = answers.filter((r) => r.ablation === "none");

// %% [markdown]
// ## The extractor on phrasing it was not built from
// 222 hand-written sentences with the home, workplace and job triples a careful reader writes down
// (`data/nous/extractor-sentences.txt`), written before the extractor; rules were tuned on the dev half only. A triple
// counts when its entity, attribute, value, kind (state, change, ended) and low-confidence flag all match. Then the
// extractor on a hand-checked sample of LoCoMo's **dev** split (133 turns, 50 expected triples over every attribute;
// `data/nous/locomo-dev-sample.json` stores only turn ids and triples), when `locomo10.json` is present.

// %%
const sentences = nous.evaluateSentences();
const sentenceRow = (part: string, s: typeof sentences.dev) => ({ set: part, sentences: s.cases, expected: s.expected, extracted: s.extracted, correct: s.correct, precision: s.precision, recall: s.recall });
const sampleRows: Record<string, string | number>[] = [sentenceRow("hand-written, dev (tuned on)", sentences.dev), sentenceRow("hand-written, held-out", sentences.heldOut)];
const locomoPath = nous.findLocomo();
if (locomoPath && DATA === "locomo10") {
  const s = nous.scoreLocomoSample(nous.loadLocomo(locomoPath));
  sampleRows.push({ set: "LoCoMo dev sample (all attributes)", sentences: s.turns, expected: s.expected, extracted: s.extracted, correct: s.correct, precision: s.precision, recall: s.recall });
} else console.log("locomo10.json not found: the LoCoMo dev sample is not scored");
plot.table(sampleRows, { title: `Extractor precision and recall (${MODEL})`, digits: 3 });

// %% [markdown]
// ## What the extractor wrote on LoCoMo
// Per conversation: turns, last resorts (`talked about`: no clause with a subject and a verb; `photo`: only a shared
// photo's caption) and identity merges; then the attributes of the deltas.

// %%
plot.table(extraction.filter((r) => r.ablation === "none").map((r) => ({ conversation: String(r.conversation), turns: Number(r.turns), talked_about: Number(r.talked_about), photo: Number(r.photo), "last resort %": (100 * (Number(r.talked_about) + Number(r.photo))) / Number(r.turns), merges: Number(r.merges ?? 0) })), { title: `Extraction per conversation (${LABEL})`, digits: 3 });
const attrCount = new Map<string, number>();
for (const d of deltas) attrCount.set(String(d.attribute), (attrCount.get(String(d.attribute)) ?? 0) + 1);
plot.table([...attrCount].sort((a, b) => b[1] - a[1]).map(([attribute, n]) => ({ attribute, deltas: n, share: (100 * n) / deltas.length })), { title: "Deltas by attribute (%)", digits: 3 });

// %% [markdown]
// ## Per-category results, with the floors
// Official LoCoMo token F1, the A-MEM/Mem0 set F1, context recall (the share of a question's evidence turns in the
// context) and nous-state's "context recall" (answer words found in the context text; a different metric, kept for
// comparison with what Nous published). Floors: `not-mentioned` (always abstains) and `constant-year` (the year of the
// first session). Same answerer for `nous` and `bm25`, same 600-token budget.

// %%
const table = nous.categoryTable(base);
const nsr = (system: string, category: number) => {
  const xs = base.filter((r) => r.system === system && Number(r.category) === category && r.nous_state_recall !== null);
  return xs.length ? (100 * xs.reduce((s, r) => s + Number(r.nous_state_recall), 0)) / xs.length : null;
};
plot.table(table.map((r) => ({ system: String(r.system), category: String(r.category_name), n: Number(r.n), f1: Number(r.f1), set_f1: r.set_f1 as number | null, context_recall: r.context_recall as number | null, nous_state_recall: nsr(String(r.system), Number(r.category)) })), { title: `Per-category results, ${DATA} ${answers[0].split} split (${LABEL})`, digits: 4 });
const f1Fig = nous.categoryBarsFigure(table, { metric: "f1", model: `${LABEL}; ${DATA} ${answers[0].split} split` });
await plot.show(f1Fig);
await plot.save(f1Fig, "../figures/04-nous-locomo/f1-by-category");

// %% [markdown]
// ## Nous against BM25, clustered by conversation
// Questions of one conversation share its memory and its extraction errors, so the intervals are a two-stage paired
// bootstrap: conversations, then questions within them (2,000 resamples, seed 1). With five conversations the interval
// rests on five units; the per-conversation differences are shown beside it.

// %%
const clusteredRows = ["f1", "context_recall"].flatMap((metric) => nous.clusteredCategoryTable(base, { a: { system: "nous" }, b: { system: "bm25" }, metric, seed: 1 }));
plot.table(clusteredRows.map((r) => ({ metric: String(r.metric), category: String(r.category_name), questions: Number(r.n), conversations: Number(r.conversations), nous: Number(r.a), bm25: Number(r.b), difference: Number(r.difference), lower: Number(r.lower), upper: Number(r.upper), "per conversation": String(r.per_conversation) })), { title: `Nous − BM25, paired by question, interval clustered by conversation (${CONVS.length} conversations; ${LABEL})`, digits: 3 });

// %% [markdown]
// ## What each part of the mechanism changes on LoCoMo
// For every ablation: how many questions get another answer, another F1 and other retrieved turns than the full
// model, and the conversations behind the changed answers; then full − ablated F1 (categories 1–4) with the
// conversation-clustered interval.

// %%
plot.table(nous.componentChanges(answers).map((r) => ({ component: String(r.component), questions: Number(r.questions), "answer changed": Number(r.answer_changed), "F1 changed": Number(r.f1_changed), "retrieval changed": Number(r.retrieved_changed), conversations: String(r.conversations) })), { title: `Questions each component changes, ${DATA} ${answers[0].split} split` });
const ABL = [...new Set(answers.map((r) => String(r.ablation)))].filter((a) => a !== "none");
const nousRows = answers.filter((r) => r.system === "nous");
plot.table(ABL.map((ablation) => {
  const r = nous.clusteredCategoryTable(nousRows, { a: { ablation: "none" }, b: { ablation }, metric: "f1", seed: 1 }).find((x) => x.category === 0)!;
  return { ablation, questions: Number(r.n), conversations: Number(r.conversations), full: Number(r.a), ablated: Number(r.b), "full − ablated": Number(r.difference), lower: Number(r.lower), upper: Number(r.upper), "per conversation": String(r.per_conversation) };
}), { title: `Ablations, F1 over categories 1–4, interval clustered by conversation (${LABEL})`, digits: 3 });

// %% [markdown]
// ## Where the beliefs matter: the balanced belief-dynamics benchmark
// LoCoMo rarely contradicts a state. The benchmark's conversations (LoCoMo's format, generated from committed
// parameters) establish where people live and work and then: nothing (stable); a joke before or after a long silence;
// a change told once, repeated, or after the silence; an ending and then the new value. Each scenario that favours one
// rule has its mirror favouring another; half the jokes and half the changes carry a cue. Phrasing comes from a
// paraphrase grammar written apart from the extractor (states without a verb it knows, true statements with laughter,
// jokes without cues). The held-out instance (seed 20260415, 144 conversations) was **pre-registered**
// (`data/benchmarks/balanced-prereg.md`, committed alone in eef25be before it was generated or scored) with four
// hypotheses, a conversation-clustered bootstrap (seed 7) and one-sided α = 0.0125 each. The quick profile runs an
// 8-conversation instance instead, where these numbers are not the pre-registered ones.

// %%
const INSTANCE = PROFILE === "full" ? "balanced-prereg" : "balanced-quick";
const VARIANTS = PROFILE === "full" ? ["none", ...nous.H2_ABLATIONS] : ["none", "last-write-wins", "no-decay", "no-kinds", "no-confidence"];
const bench = await nous.runBenchmark(INSTANCE, VARIANTS);
plot.table(nous.benchmarkHypotheses(bench).map((h) => ({ hypothesis: String(h.hypothesis), against: String(h.variant), questions: String(h.questions), n: Number(h.n), conversations: Number(h.conversations ?? 0), full: Number(h.full ?? NaN), variant: Number(h.variant_f1 ?? NaN), difference: Number(h.difference ?? NaN), lower: Number(h.lower ?? NaN), upper: Number(h.upper ?? NaN), "decision bound": Number(h.bound ?? NaN), "pre-registered decision": String(h.verdict) })), { title: `Pre-registered hypotheses on ${INSTANCE} (97.5 % intervals clustered by conversation; ${MODEL})`, digits: 3 });

// %%
const scen = nous.scenarioTable(bench, VARIANTS);
plot.table(scen.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? v : String(v)]))), { title: `Current-value F1 by scenario and variant, ${INSTANCE} (${MODEL})`, digits: 4 });
const scenFig = nous.scenarioBarsFigure(scen, ["none", "last-write-wins", "no-decay", "no-kinds", "no-confidence"], { model: `${MODEL}; generated conversations`, instance: INSTANCE });
await plot.show(scenFig);
await plot.save(scenFig, "../figures/04-nous-locomo/benchmark-scenarios");

// %% [markdown]
// ## Hand-written conversations, phrased by hand
// Two hundred and thirty-four sets of short conversations about where people live and work (stable values, one-off jokes before and
// after a long silence, changes, changes after a silence, other people's states, "I don't work at X anymore"), answered
// through the path of `agora locomo --data`. A conversation counts as right when every current-value question gets
// F1 ≥ 0.5. The **original** set (35, `data/nous/states-check.txt`) was written before the v3 extractor; its 14 `tune`
// conversations were read while the pipeline was developed. The **fresh** set (35, `data/nous/states-fresh.txt`) was
// written afterwards without reading the extractor's word lists; its tune/report parts were drawn by a seeded
// shuffle (2 tune, 3 report per scenario) and committed before any run, and only its tune part was read for
// failures. One hundred and seventy-five more sets of 35 are entirely `tune`, each by a writer who did not read the code, and were read
// for failures while the extractor's rules were written, so their numbers are development numbers, not held-out ones:
// `dev-a` (casual lower-case texting), `dev-b` (longer messages in several Englishes, places mostly told
// indirectly), `dev-e` (someone testing a memory assistant), `dev-f` (plain, careful written chat), `dev-g`
// (catching up over messenger, news told in passing), and `dev-c`, `dev-d`, `dev-h`, `dev-i`, `dev-l`, `dev-s`,
// `dev-t`, `dev-u`, `dev-x`, `dev-y`, `dev-z`, `dev-aa` … `dev-dl` (seventy-four sets), which were held out (as held-c …
// held-dl), scored before they were read, and then read for failures. Eight more were written later, in four batches of three, each batch committed before any run and scored on the code of that round's start and on the
// code of that moment, the third of each batch chosen at random (`random.Random(188)` to `(191)`) to stay held out:
// with a parent from the school gate (`dev-dm`, 23 of 35 both times) and a hostel flatmate working abroad (`dev-dn`,
// 18), `held-do` held out; with a carpool partner (`dev-dp`, 21) and a younger relative's voice-to-text messages
// (`dev-dr`, 15), `held-dq`; with a friend from medical or nursing school abroad (`dev-dt`, 22) and a neighbour from an
// apartment block (`dev-du`, 23), `held-ds`; with a friend from a youth team (`dev-dv`, 22) and a grandchild (`dev-dw`,
// 12), `held-dx`. That round's rules moved none of these twelve sets before they were read (239 of 420 both times). Four were written in a later round among eight committed before any run, drawn at random
// (`random.Random(192)`) as a validation split and scored, not read, to choose how the answerer uses the ranker, then
// read: with a caterer's or plumber's client (`dev-dz`, 15 of 35 without the ranker and with it), a language-exchange
// partner (`dev-eb`, 20 and 20), a fellow charity or running-club volunteer (`dev-ec`, 18 and 18) and a shift worker
// between shifts (`dev-ef`, 13 and 15). Sixteen were written in two batches of eight, each committed before any run as a validation split: the first (`dev-eo` … `dev-ev`: old school friends, coworkers and neighbours, a non-native speaker testing a memory assistant, a family group chat, parents at the school gate, retired parents and grown children, online gaming friends, shift workers) was scored to compare fitted answer selectors (none kept) and the extractor's fitted reading of names (164 of 280 without it), and eight of its failing stable conversations were read; the second (`dev-ew` … `dev-fd`, plain everyday registers) was scored with and without the reading of names to decide whether it is kept (170 and 171 of 280) and not read. Both then became tune sets and both fits were redone on all 110 tune sets. In a later round, rules (an organisation wanting its staff in, the listener's daily way in or home asked about) were written on tune sets and both fits redone; eight sets written then by writers who read no code or data (`dev-fe` … `dev-fl`, plain everyday registers), committed before any run as a validation split, were scored on that round's start and final code (191 and 191 of 280) and, in a later round, to keep a home or workplace question's unused budget filled with the conversation's other turns and the refitted ranker's reading of them (191 → 194). Eight written in a later round (`dev-fm` … `dev-ft`: neighbours, shift workers in care, students, cousins across India, the Gulf and the UK, language-school friends, tradespeople, parents of toddlers, old school friends), committed before any run, were scored on that round's start and final code (164 and 165 of 280). Later both batches became tune sets and were read, and eight more tune sets were written with twenty stable conversations of thirty-five each (`dev-gc` … `dev-gj`: siblings and former housemates in British and Irish English, American parents and cousins, Singaporean and Australian coworkers, old friends in the UK and Canada, neighbours in Ireland and Scotland, grandparents in New Zealand and England; 144 of 280 as first scored); that round's rules were written on tune sets and both fits redone on all 136. Eight sets written in that round by writers who read no code or data (`held-fu` … `held-gb`: coworkers, siblings, retired friends, running-club friends, former flatmates, a new user's plain English, Singaporean, Malaysian and Australian colleagues, parents and grown children), committed before any run, were that round's validation split, scored on its start code (189 of 280) and twice after its changes (189, 191); the two read least well (`held-fv`, `held-fy`: 1 of 5 stable conversations each) then became tune sets (`dev-fv`, `dev-fy`) and were read, and two written in their registers (`held-gk`, `held-gl`) took their place, scored on the start code. On that round's final code the split (`held-fu`, `-fw`, `-fx`, `-fz`, `-ga`, `-gb`, `-gk`, `-gl`) read 196 of 280 against 195 on its start code, stable 29 of 40 both times: its rules moved it by one conversation. In a later round eight sets were written by writers who read no code or data, in a new user's plain registers (American, British, Australian and New Zealand, Indian and Nigerian, Canadian and Irish, South African and Kenyan, Singaporean, Malaysian and Filipino, Scottish and Welsh English), twenty stable conversations of thirty-five each, committed before any run and scored on the round's start code: 160 of 280, stable 87 of 160. Six (`dev-gm` … `dev-gs`) then became tune sets and were read; two (`held-gp`, `held-gt`), chosen before they were written, joined the validation split. That round's rules (names the grammar makes people's, a workplace told only by its kind answered with the name of one, a home that is a country answered with the town in it, a district after its town with "in", where in a town the listener lives asked about) were written on tune sets, and both fits redone on all 142. On the final code the validation split reads 198 of 280 (`held-fu` … `held-gl`; 196 on the start code) and 37 of 70 (`held-gp`, `held-gt`; 37 on the start code), stable 29 of 40 and 18 of 40 (both as on the start code): that round's rules moved it by two conversations. In a later round eight more sets were written by writers who read no code or data, twenty stable conversations of thirty-five each (a gym buddy's lower-case American texting, two retired Britons, German, Dutch and Polish speakers' English, Australian nurses, American graduate students, a Canadian aunt, Spanish and Portuguese speakers abroad, Northern Irish and English former roommates), committed before any run and scored on the round's start code: 169 of 280, stable 100 of 160. Six (`dev-gu`, `-gw`, `-gx`, `-gy`, `-gz`, `-hb`) then became tune sets and were read (127 of 210 on the start code, 137 on the final code); two (`held-gv`, `held-ha`), drawn before they were written (`random.seed(20261206)`), joined the validation split. That round's rules (a name held as a home is no workplace read from the evidence; "which part of Toronto?" and "tell it where you live" ask where the listener lives, and "Kreuzberg. Berlin." nests the home in the town after it; "do you still live in X?" is a still-question; the way home on foot in the past, the way to an organisation's site; a tag that asks nothing; a job without its article; a yes naming a workplace asked after by its kind; "whereabouts in Lucknow?"; a habit told with its time before "if") were written on tune sets, and both fits redone on all 148. On the final code the validation split reads 197 of 280 (`held-fu` … `held-gl`; 198 on the start code), 40 of 70 (`held-gp`, `held-gt`; 37) and 41 of 70 (`held-gv`, `held-ha`; 42), stable 29, 19 and 25 of 40 (29, 18 and 26 on the start code): 278 of 420 against 277, so that round's rules moved it by one conversation. None of these validation sets is read, nor scored here. No rule was written for any set here after it was scored. In a later round eight more sets were written the same way in heavier styles (Taglish, Singlish, Texan drawl, an Indian family WhatsApp, Montreal franglais, Kenyan and Ugandan Sheng, Scots, Japanese and Korean learner English), committed before any run and scored on the round's start code: 46 of 280, stable 24 of 160. Six (`dev-hc`, `-hd`, `-hf`, `-hg`, `-hh`, `-hj`) then became tune sets and were read (20 of 210 on the start code, 23 on the final code); two (`held-he`, `held-hi`), drawn before they were written (`random.seed(20261207)`), joined the validation split. That round's rules (a comma splice ends a clause; a still-question about a named dwelling asks where the listener lives; a where-question without its auxiliary, "Where he stays?"; emoticons dropped before tagging; "which company" without its mark) were written on tune sets, and both fits redone on all 154. On the final code the validation split reads 199 of 280 (`held-fu` … `held-gl`; 197 on the start code), 39 of 70 (`held-gp`, `held-gt`; 40), 42 of 70 (`held-gv`, `held-ha`; 41) and 27 of 70 (`held-he`, `held-hi`; 26), stable 30, 18, 26 and 14 of 40 (29, 19, 25 and 14): 307 of 490 against 304. Then two more sets were written the same way (`held-hk`: friends and coworkers in Hawaii texting with light Hawaiian Pidgin; `held-hl`: Southern US and Cajun texting), committed before any run and kept for validation. On that round's start code they read 3 of 70 conversations (stable 0 of 40; 110 of 279 questions): these registers, place names in lower case and places told by implication, are beyond the extractor. Two of `held-hl`'s conversations, and the answers to three, were read to check that the set parsed; no rule came from them. That round's rules (a question that names the listener's work by what they do there; the named office the speaker goes in to; "No, in X now." correcting a still-question; "It's called X"; two capitalised nouns before a verb as a name; "Typical X in March" of a town, among others) were written on tune sets without refitting; the validation split (560 conversations with the two new sets) read 310 of 560 on both codes, stable 88 of 200, and 1,133 of 1,529 questions against 1,131. In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (dictated voice-note texts; older relatives writing to young people who moved away; friends and former colleagues in their forties and fifties in plain, well-punctuated English; a new user chatting with an old friend or a cousin in plain English), committed before any run and scored on the round's start code: 46 of 140 conversations, stable 27 of 80, 390 of 539 questions. Two (`dev-hm`, `dev-hn`), drawn after that score (`random.seed(20261206)`), became tune sets and were read; two (`held-ho`, `held-hp`, the plain registers of friends and of a new user) joined the validation split. These plain registers read well question by question (213 of 280) but a conversation needs every answer right: 28 of 70, stable 16 of 40. That round's rules (a workplace or a home presumed by its kind, "you're at one of the big banks", "you found an apartment", named by a reply that opens with a name; the listener's own flat in a place; one's couch or stoep in a place; what others say of where one lives, a tease; a person addressed by a greeting or named by a kin title, no place; "Port of Spain" read whole; the untold side of a town, no home; an organisation with its site before its verb; a job fragment after a comma; one's unit at a workplace; "been with the NHS"; "done at the Guardian") were written on tune sets, and both fits redone on all 156 (3,711 → 3,753 of 5,425 tune conversations, the two new sets included). On that round's final code the validation split read 312 of 560 (310 on its start code), stable 88 of 200 (88), and 1,139 of 1,529 questions (1,133); `held-ho` and `held-hp` read 28 of 70 as on the start code, stable 17 of 40 (16), 213 of 280 questions (213). In a later round four more sets were written the same way in plain English, twenty stable conversations of thirty-five each (old school friends in the United States; siblings and cousins in the UK, Ireland, Australia and New Zealand; former colleagues in Canada, the US, South Africa, Singapore and Kenya; university friends), committed before any run and scored on the round's start code: 27 of 140 conversations, stable 15 of 80, 370 of 560 questions. Two (`dev-hr`, `dev-hs`), drawn after that score (`random.seed(2026120602)`), became tune sets and were read; two (`held-hq`, `held-ht`) joined the validation split. That round's rules (a question with its auxiliary or its mark dropped; a holiday named as a day, a time; one's return told with its time; "back into X tomorrow"; an organisation that "had us in for a team day" or "wants me up at the New York office"; a name asked after with work talk, the listener's workplace; the city asked after around a stated district; setting off on a trip ends nothing; a clipped word as a short form; the last resort skipping what an evidence line observes as the other speaker's) were written on tune sets, and both fits redone on all 158 (3,764 → 3,784 of 5,495 tune conversations, the two new sets 11 → 16 of 70). On that round's final code the validation split read 317 of 560 on the sixteen older sets (312 on the start code), stable 93 of 200 (88), 1,148 of 1,529 questions (1,139); `held-ho` and `held-hp` 28 of 70 (28), stable 17 of 40 (17); `held-hq` and `held-ht` 16 of 70 (16), stable 10 of 40 (10), 195 of 280 questions (195): the readings written on plain tune sets moved none of the four plain validation sets. In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (friends from studying abroad writing Indian, Filipino, Nigerian and Malaysian English; parents and grown-up children in the United States and Canada; running-club, five-a-side and choir friends in England, Scotland, Wales and Ireland; two friends catching up in plain, correct English), committed before any run and scored on the round's start code: 55 of 140 conversations, stable 35 of 80, 407 of 534 questions. Two (`dev-hu`, `dev-hw`), drawn after that score (`random.seed(2026120603)`), became tune sets and were read; two (`held-hv`, `held-hx`) joined the validation split. That round's rules (an emoji before a capital ends a sentence; "yeah still Chorlton" answering a still-question with the finer place; "Still Pune, still Koregaon Park"; "going home to X now"; a statement after a condition's comma; an employer refusing, calling back or going on without its staff, "UNN doesn't pay us", "Google won't miss me"; leaving an organisation at the day's end or coming from it at its site; "works with me at Airbus"; an organisation joked to be one's real home; a commute told by its time each way; a statement opening a question sentence before ", but") were written on tune sets, and both fits redone on all 160 (3,803 → 3,820 of 5,565 tune conversations, the two new sets 19 → 29 of 70). On that round's final code the validation split read 319 of 560 on the sixteen older sets (317 on the start code), stable 94 of 200 (93), 1,148 of 1,529 questions (1,148); `held-ho` and `held-hp` 27 of 70 (28), stable 16 of 40 (17); `held-hq` and `held-ht` 16 of 70 (16), stable 10 of 40 (10); `held-hv` and `held-hx` 36 of 70 (36), stable 24 of 40 (24), 218 of 260 questions (218): 398 of 770 against 397, so that round's rules, too, barely moved phrasing they were not written on. In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (old friends in plain British English; a new memory-assistant user and an old workmate in plain American English; retired neighbours and friends in Australia and South Africa; young professionals abroad writing English as a second language), committed before any run and scored on the round's start code: 58 of 140 conversations, stable 33 of 80, 437 of 557 questions. Two (`dev-hz`, `dev-ib`), drawn after that score (`random.seed(2026120604)`), became tune sets and were read; two (`held-hy`, `held-ia`) joined the validation split. That round's rules ("in." before a lower-case word ends a sentence; "still X" ending a turn; a capitalised word read as a verb after "to"; "still in the Heights?" and "who's paying you?"; a city told in passing around the known home holds it; an elided "still" after a first-person sentence; a first name asked about with "still"; "what's the snow like in X"; a subjectless sentence going on about a person only; a part of town set after its town; an offer to someone else; a dwelling one has before "if"; the way to work from a place and the way home to it) were written on tune sets, and both fits redone on all 162 (3,847 → 3,882 of 5,635 tune conversations, the two new sets 27 → 33 of 70). On that round's final code the validation split read 321 of 560 on the sixteen older sets (319 on the start code), stable 95 of 200 (94); `held-ho` and `held-hp` 27 of 70 (27); `held-hq` and `held-ht` 17 of 70 (16); `held-hv` and `held-hx` 36 of 70 (36); `held-hy` and `held-ia` 31 of 70 (31), stable 17 of 40 (17), 226 of 277 questions (224): 432 of 840 against 429, stable 162 of 360 against 161. In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (a first-time user of a memory assistant typing made-up chats set in the United States, Canada, Britain and Australia; two former colleagues in plain American English; cousins and old neighbours in Ireland, Scotland and the North of England; gym friends and neighbours in Singapore, Hong Kong, Kenya and Jamaica), committed before any run and scored on the round's start code: 33 of 140 conversations, stable 19 of 80, 376 of 560 questions. Two (`dev-ic`, `dev-if`), drawn after that score (`random.seed(2026120605)`), became tune sets and were read; two (`held-id`, `held-ie`) joined the validation split. That round's changes (an organisation as a sentence's subject, "Stellantis is chaos as usual", no longer taken for a person by the fitted reading of names, which got generic features for it: the name as subject, doing something to "me" or "us", the nearest person word, a way from it to another name, a common English first name, what the turn and the other speaker's last turn speak of; a possessive's place under someone else's "not" and in a question, "at yours in Bedminster"; a town in what would have been; a transfer to a new workplace) were written on tune sets, and both fits redone on all 164 (3,900 → 3,913 of 5,705 tune conversations, the two new sets 18 → 20 of 70). On that round's final code the validation split read 324 of 560 on the sixteen older sets (321 on the start code), stable 98 of 200 (95); `held-ho` and `held-hp` 28 of 70 (27); `held-hq` and `held-ht` 18 of 70 (17); `held-hv` and `held-hx` 37 of 70 (36); `held-hy` and `held-ia` 33 of 70 (31); `held-id` and `held-ie` 15 of 70 (15), stable 9 of 40 (8), 176 of 280 questions (178): 455 of 910 against 447, stable 177 of 400 against 170. In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (test dialogues typed as a new user would; family chats in New Zealand and Canada; shift-work friends texting in lower-case Southern and Midwestern American English; long, letter-like messages in British English), committed before any run and scored on the round's start code: 31 of 140 conversations, stable 20 of 80, 354 of 556 questions, and none of the lower-case set's 35. Two (`dev-ig`, `dev-ii`), drawn after that score (`random.seed(2026120606)`), became tune sets and were read; two (`held-ih`, `held-ij`) joined the validation split. That round's changes (a hedging adverb hedges only its own clause; a last shift ends a job; a way made every day starts at home; an asker's own dwelling in a question is their home; a move in with someone near a place is a move there; for the fitted reading of names, an organisation doing something to "you", "him" or "her", and no candidate for the speakers from a sentence about someone else) were written on tune sets, and both fits redone on all 166 (3,920 → 3,933 of 5,775 tune conversations; the two new sets 7 → 6 of 70). On that round's final code the validation split read 478 of 980 against 479 on the start code, stable 195 of 440 (193), 2,415 of 3,184 questions (2,404); `held-ih` and `held-ij` 25 of 70 (24). In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (people getting to know each other on a dating app; Australian and New Zealand mates texting with local words; nurses and junior doctors between shifts in the UK and Ireland; friends writing English as a second language), committed before any run and scored on the round's start code: 59 of 140 conversations, stable 33 of 80, 436 of 560 questions. Two (`dev-il`, `dev-im`), drawn after that score (`random.seed(2026120607)`), became tune sets and were read; two (`held-ik`, `held-in`) joined the validation split. That round's change is to the fitted reading of names: besides its generic features it weighs the words around a name (the four before it and the two after it, each by its place, those that at least one tune set in eight shares), and a name the rules read a home or workplace of is a person, no candidate; both fits were redone on all 168 tune sets (cross-validated over sets, 3,867 of 5,859 held-out-fold conversations against 3,721 for the rules alone; 3,964 → 4,015 of 5,845 tune conversations; the two new sets 31 → 31 of 70). On that round's final code the validation split read 516 of 1,050 against 506 on the start code, stable 217 of 480 (211), 2,657 of 3,464 questions (2,633); `held-ik` and `held-in` 31 of 70 (28). In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (college friends and ex-colleagues in Indian cities writing Indian English; friends and cousins in Nigeria, Ghana and Kenya with light Pidgin and Sheng; UK shift workers' run-on messages on their breaks; US military families and veterans), committed before any run and scored on the round's start code: 51 of 140 conversations, stable 32 of 80, 410 of 560 questions. Two (`dev-io`, `dev-iq`), drawn after that score (`random.seed(2026120701)`), became tune sets and were read; two (`held-ip`, `held-ir`) joined the validation split. That round's changes (a reply about the person just asked after gives that person the names of its sentences without I or you, for the fitted reading of names too; a question about someone offers its names to them; a name said back to its speaker is an echo, a feature of its own; a part of a city named beside it is read instead of the city; "Is Cai still in London?" asks about Cai even where the tagger took the name for a verb; chat's "ur bro" is the listener's brother; hyphenated towns such as Sutton-in-Ashfield are one word) were written on tune sets, and both fits were redone on all 170 (cross-validated over sets, 3,915 of 5,929 held-out-fold conversations against 3,745 for the rules alone; 4,043 → 4,072 of 5,915 tune conversations; the two new sets 28 → 29 of 70). On that round's final code the validation split read 548 of 1,120 against 539 on the start code, stable 233 of 520 (232), 2,883 of 3,744 questions (2,860); `held-ip` and `held-ir` 22 of 70 (23). In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (kitchen and café staff texting between shifts; PhD students, postdocs and lecturers scattered across universities; Australian FIFO workers, tradies and their families in broad Aussie English; warehouse, delivery and rideshare workers in the US and the UK), committed before any run and scored on the round's start code: 52 of 140 conversations, stable 34 of 80, 424 of 560 questions. Two (`dev-is`, `dev-it`), drawn after that score (`random.seed(2026120702)`), became tune sets and were read; two (`held-iu`, `held-iv`) joined the validation split. That round's changes (a name set after the home town, ending its clause, is a district of it unless it is the town's region, from a list of every country's first-level regions; a dwelling on a district or a way of living in one after the town; a verbless town after a country given as a home; people asked after by "where did X end up?", "and X?" or "That's X."; employers giving days off, a layover or leave; "how's the group at X?" and "any news from X University?" asked of the listener's workplace; an employer's full name before its verb, "of" and all) were written on tune sets, and both fits were redone on all 172 (cross-validated over sets, 3,960 of 5,999 held-out-fold conversations against 3,770 for the rules alone; 4,099 → 4,114 of 5,985 tune conversations; the two new sets 27 → 32 of 70). On that round's final code the validation split read 577 of 1,190 against 573 on the start code, stable 247 of 560 (247), 3,102 of 4,024 questions (3,094); `held-iu` and `held-iv` 25 of 70 (25). In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (West African friends and colleagues texting in Nigerian or Ghanaian Pidgin and everyday English; retired parents and their grown-up children in Canada and New Zealand; startup and big-tech staff chatting Slack-style in Berlin, Lisbon, Bangalore, Singapore and San Francisco; farmers, vets and rural workers in Ireland, Wales and the Scottish Highlands), committed before any run and scored on the round's start code: 35 of 140 conversations, stable 20 of 80, 396 of 560 questions. Two (`dev-iw`, `dev-iy`), drawn after that score (`random.seed(2026120801)`), became tune sets and were read; two (`held-ix`, `held-iz`) joined the validation split. That round's changes (work and homes asked after as they are now, "Zerodha still chill?", "how's life at Zalando", "Leeds still rainy?", "how's Microsoft, still reorg-ing"; Pidgin's locative "for"; leaving at an hour of the day; one's way to an organisation; people asked after past the listener's name or by a first name; what is told to the listener; one list of street words) were written on tune sets, and both fits were redone on all 174, the reading of names' threshold now the highest within one standard error of the best over paired folds (0.4; cross-validated over sets, 3,968 of 6,069 held-out-fold conversations against 3,794 for the rules alone and 3,980 at the best threshold, 0.3; 4,130 → 4,141 of 6,055 tune conversations; the two new sets 16 → 23 of 70). On that round's final code the validation split read 602 of 1,260 against 596 on the start code, stable 262 of 600 (260), 3,312 of 4,304 questions (3,300); `held-ix` and `held-iz` 19 of 70 (19). In a later round four more sets were written the same way, twenty stable conversations of thirty-five each (Filipino overseas workers and their families texting in Taglish; American students and recent graduates texting their parents and grandparents; friends and relatives in South Africa, Zimbabwe and Botswana on WhatsApp; online gaming friends in the US, Canada and the UK chatting Discord-style), committed before any run and scored on the round's start code: 53 of 140 conversations, stable 32 of 80, 396 of 560 questions. Two (`dev-jc`, `dev-jd`), drawn after that score (`random.seed(2026120802)`), became tune sets and were read; two (`held-ja`, `held-jb`) joined the validation split. That round's changes (an organisation acting on its staff by their kind or team, "has all the electricians on standby", "sent half the department out"; an organisation telling one what work to do; a trade done for an organisation by someone else; "where abouts again?"; unmarked questions about "it"; a guess at a town, "must be terrible", is no home; one street of a crossing is no place; one at a shop buying something is its customer; "it's the shop where I work"; "Is X still as quiet as ever?", "how long have you been with X?", "you make it back to X okay?"; a flat "in the" district; names joined by "n", "L.L.Bean") were written on tune sets, and both fits were redone on all 176. The reading of names' threshold is now chosen on the validation split, the one parameter set on it (no rule is written on it): the cross-validation over tune sets preferred 0.3 (4,039 of 6,139 held-out-fold conversations against 3,832 for the rules alone), the validation split 0.4 (575 of 1,330 conversations against 571 at 0.3, without the answerer's ranker), as it had in the round before; with 0.3, this round's first refit, the validation split read 613 and the pooled report parts below 1,337 (stable 189), which is why the choice moved and why the pool was scored twice this round. Tune conversations 4,176 → 4,203 of 6,125 (the two new sets 35 → 42 of 70). On that round's final code the validation split read 625 of 1,330 against 620 on the start code (it now also chose the threshold, so it measures the rules untouched but not the threshold), stable 275 of 640 (272), 3,478 of 4,584 questions (3,476); `held-ja` and `held-jb` 18 of 70 (18). In the previous round four more sets were written the same way, twenty stable conversations of thirty-five each (care workers and nurses in Scotland texting between night shifts; retired friends and relatives in Canada and New Zealand writing long, letter-like messages; Australian tradespeople and small-business owners texting tersely; young professionals in India texting in Indian English), committed before any run and scored on the round's start code: 58 of 140 conversations, stable 41 of 80, 428 of 560 questions. Two (`dev-je`, `dev-jh`), drawn after that score (`random.seed(2026120803)`), became tune sets and were read; two (`held-jf`, `held-jg`) joined the validation split. That round's changes (a thing of one's work named by its employer, "my IndiGo roster", "her Canara Bank branch"; time off from an organisation; an organisation sending everyone home, owing its staff a bus, keeping someone posted; "how are things at X?", "how's the X Bank life?", "Reached Pune okay?", home to a town the gazetteer lacks; "still in the same Leith flat"; "all settled", "all moved in" told as a state; camel-cased names) were written on tune sets, and both fits were redone on all 178, the threshold again chosen on the validation split: 0.4 (604 of 1,400 conversations against 599 at the folds' choice, 0.3; the folds 4,067 of 6,209 held-out-fold conversations at 0.3 against 3,858 for the rules alone). Tune conversations 4,229 → 4,232 of 6,195 (the two new sets 26 → 31 of 70). On that round's final code the validation split read 660 of 1,400 against 657 on the start code, stable 300 of 680 (299), 3,704 of 4,864 questions (3,700); `held-jf` and `held-jg` 32 of 70 (32). This round four more sets were written the same way, twenty stable conversations of thirty-five each (friends and siblings in Ireland texting in Irish English; coworkers in the American Midwest and South texting in lower case; British students and recent graduates with part-time jobs; American tech and office workers on hybrid work, layoffs and moves), committed before any run and scored on the round's start code: 55 of 140 conversations, stable 34 of 80, 425 of 560 questions. Two (`dev-ji`, `dev-jl`), drawn after that score (`random.seed(2026120804)`), became tune sets and were read; two (`held-jj`, `held-jk`) joined the validation split. This round's changes (work told "in" an organisation, "5am start in Aldi", "pulling pints in Kehoe's", a site's words only with an organisation's look; questions that take the listener's dwelling, commute or employer for granted; a night on the listener's couch; taken on by an organisation; a way home, "up from X", "its only 20 mins from X", "two blocks from me"; "a normal X employee"; an employer having its staff onsite, downtown or in some days a week; "how's X treating you?" with one word no gazetteer place, region or person as the listener's employer) were written on tune sets, and both fits were redone on all 180, the threshold again chosen on the validation split: 0.3 (637 of 1,470 conversations with the answerer without its ranker, against 631 at 0.4; the folds 4,107 of 6,279 held-out-fold conversations at 0.3 against 3,893 for the rules alone). Tune conversations 4,251 → 4,269 of 6,265 (the two new sets 19 → 34 of 70). On the final code the validation split reads 684 of 1,470 against 696 on the start code (697 with the new readings and the previous fit: the refit, whose threshold is chosen without the ranker, costs 13; with the ranker the new fit reads 692 at 0.4), stable 312 of 720 (323), 3,939 of 5,144 questions (3,937); `held-jj` and `held-jk` 38 of 70 (36).
// Fifty-one sets of 35 are **held out**, written by writers who did not read the code and never read for failures:
// `held-j` (a new user's ordinary capitalised chat), `held-k` (texting, lower-case and fuller messages mixed) and
// `held-m` (students and young professionals texting), scored eighty-three times; `held-n` (acquaintances keeping
// in touch) and `held-o` (siblings and cousins in several Englishes), eighty-two times; `held-p` (coworkers and
// neighbours), `held-q` (university friends in different cities) and `held-r` (family across generations),
// eighty-one times; `held-v` (former flatmates across continents) and `held-w` (parents, aunts and grown-up
// children), eighty times; `held-be` (a new user and a friend trying out a memory assistant), `held-bf` (old school
// friends catching up) and `held-bg` (former neighbours from one building), sixty-five times; `held-bk` (a new user trying out a memory
// assistant with a friend), `held-bl` (tradespeople, shop owners and drivers) and `held-bm` (retired people and their
// relatives), sixty-four times; `held-bt` (a new user trying out a memory assistant with a close friend), `held-bu` (with a
// sibling or cousin) and `held-bv` (with a colleague from an old job), sixty-one times; four written in a later round:
// `held-bw` (a new user getting to know a new neighbour or a friend of a friend), fifty-eight times, and `held-bz` (with a
// teammate or a gym buddy), `held-ca` (with a cousin or childhood friend abroad) and `held-cb` (with an old neighbour or
// classmate), fifty-seven times; `held-cc` (a new user with a coworker on a team chat app), written in a later round, fifty-six times; `held-cg` (a new user with a friend from a night class, a language course or a fitness class),
// written in a later round, fifty-five times; three written in a later round: `held-ck` (a new user with a former
// workmate from an old job), fifty times, `held-cm` (with an old school friend reconnected online), forty-nine times, and `held-cp` (with a friend met while travelling or volunteering), forty-six times; seven written in a later round:
// `held-ct` (with a friend from a gym or running club), `held-cv` (with a grown-up child, nephew or niece who moved
// away) and `held-cx` (with a former hospital or care-home colleague), forty-four times, and `held-db` (with a fellow
// food-bank or charity-shop volunteer), `held-dd` (with a cousin working abroad), `held-dh` (with a fellow nursing,
// teaching or trade student) and `held-dk` (with a teammate from an old office club), forty-three times; four written in a later round: `held-do` (a retired person with an old colleague or a friend from church or the bowls club), `held-dq`
// (two friends from a university debating society), `held-ds` (a former teammate from a call centre or a shop chain)
// and `held-dx` (colleagues from a past summer job), forty-one times; and twelve written in a later round: `held-dy` (friends from an online gaming guild), `held-ea` (old school
// friends reconnecting after fifteen years), `held-ed` (cousins organising a family wedding) and `held-ee` (members of
// a hobby forum), thirty-seven times, and `held-eg` (a new user texting a brother or sister), `held-eh` (former university flatmates),
// `held-ei` (a former teacher or mentor), `held-ej` (parents from a children's sports club), `held-ek` (a former
// colleague from a tech startup), `held-el` (elderly siblings or old friends, letter-like), `held-em` (a friend met on
// a dating app) and `held-en` (a study group after graduation), twenty-eight times.
// Each count is every scoring since the set was written: on its round's start code and after that round's changes, by
// every run of this notebook, and on some later rounds' start codes and after their changes. Scored again after every
// round's rules, the older sets are no longer fresh for any rule, but no rule was written on
// any of the fifty-one. A conversation counts only when all of its current-value questions are right; the
// question-level table below compares the groups. Each held-out set has its table below; each tune set has one line,
// and their tune parts are pooled in one table after them.
// With the fresh set's report part they are the numbers to believe: 1,806 conversations phrased by someone else. "Stable values"
// are the conversations whose value never changes (stable and both joke scenarios).

// %%
// the quick profile: the fresh set, the full model and last-write-wins only
const CHECK_VARIANTS = PROFILE === "full" ? (["none", "last-write-wins", "no-decay", "no-kinds", "no-confidence", "no-merges", "no-multi-valued", "no-hops", "no-graph"] as const) : (["none", "last-write-wins"] as const);
const CHECK_SETS = PROFILE === "full" ? ["held-en", "held-em", "held-el", "held-ek", "held-ej", "held-ei", "held-eh", "held-eg", "held-ee", "held-ed", "held-ea", "held-dy", "held-dx", "held-ds", "held-dq", "held-do", "held-dk", "held-dh", "held-dd", "held-db", "held-cx", "held-cv", "held-ct", "held-cp", "held-cm", "held-ck", "held-cg", "held-cc", "held-bw", "held-bz", "held-ca", "held-cb", "held-bt", "held-bu", "held-bv", "held-bk", "held-bl", "held-bm", "held-be", "held-bf", "held-bg", "held-v", "held-w", "held-p", "held-q", "held-r", "held-n", "held-o", "held-j", "held-k", "held-m", "fresh", "original", "dev-a", "dev-b", "dev-e", "dev-f", "dev-g", "dev-c", "dev-d", "dev-h", "dev-i", "dev-l", "dev-s", "dev-t", "dev-u", "dev-x", "dev-y", "dev-z", "dev-aa", "dev-ab", "dev-ac", "dev-ad", "dev-ae", "dev-af", "dev-ag", "dev-ah", "dev-ai", "dev-aj", "dev-ak", "dev-al", "dev-am", "dev-an", "dev-ao", "dev-ap", "dev-aq", "dev-ar", "dev-as", "dev-at", "dev-au", "dev-av", "dev-aw", "dev-ax", "dev-ay", "dev-az", "dev-ba", "dev-bb", "dev-bc", "dev-bd", "dev-bh", "dev-bi", "dev-bj", "dev-bn", "dev-bo", "dev-bp", "dev-bq", "dev-br", "dev-bs", "dev-bx", "dev-by", "dev-cd", "dev-ce", "dev-cf", "dev-ch", "dev-ci", "dev-cj", "dev-cl", "dev-cn", "dev-co", "dev-cq", "dev-cr", "dev-cs", "dev-cu", "dev-cw", "dev-cy", "dev-cz", "dev-da", "dev-dc", "dev-de", "dev-df", "dev-dg", "dev-di", "dev-dj", "dev-dl", "dev-dm", "dev-dn", "dev-dp", "dev-dr", "dev-dt", "dev-du", "dev-dv", "dev-dw", "dev-dz", "dev-eb", "dev-ec", "dev-ef", "dev-eo", "dev-ep", "dev-eq", "dev-er", "dev-es", "dev-et", "dev-eu", "dev-ev", "dev-ew", "dev-ex", "dev-ey", "dev-ez", "dev-fa", "dev-fb", "dev-fc", "dev-fd", "dev-fe", "dev-ff", "dev-fg", "dev-fh", "dev-fi", "dev-fj", "dev-fk", "dev-fl", "dev-fm", "dev-fn", "dev-fo", "dev-fp", "dev-fq", "dev-fr", "dev-fs", "dev-ft", "dev-fv", "dev-fy", "dev-gc", "dev-gd", "dev-ge", "dev-gf", "dev-gg", "dev-gh", "dev-gi", "dev-gj", "dev-gm", "dev-gn", "dev-go", "dev-gq", "dev-gr", "dev-gs", "dev-gu", "dev-gw", "dev-gx", "dev-gy", "dev-gz", "dev-hb", "dev-hc", "dev-hd", "dev-hf", "dev-hg", "dev-hh", "dev-hj", "dev-hm", "dev-hn", "dev-hr", "dev-hs", "dev-hu", "dev-hw", "dev-hz", "dev-ib", "dev-ic", "dev-if", "dev-ig", "dev-ii", "dev-il", "dev-im", "dev-io", "dev-iq", "dev-is", "dev-it", "dev-iw", "dev-iy", "dev-jc", "dev-jd", "dev-je", "dev-jh", "dev-ji", "dev-jl", "dev-jn", "dev-jo"] : ["fresh"];
const HELD_OUT = new Set(["held-en", "held-em", "held-el", "held-ek", "held-ej", "held-ei", "held-eh", "held-eg", "held-ee", "held-ed", "held-ea", "held-dy", "held-dx", "held-ds", "held-dq", "held-do", "held-dk", "held-dh", "held-dd", "held-db", "held-cx", "held-cv", "held-ct", "held-cp", "held-cm", "held-ck", "held-cg", "held-cc", "held-bw", "held-bz", "held-ca", "held-cb", "held-bt", "held-bu", "held-bv", "held-bk", "held-bl", "held-bm", "held-be", "held-bf", "held-bg", "held-v", "held-w", "held-p", "held-q", "held-r", "held-n", "held-o", "held-j", "held-k", "held-m", "fresh"]);
const heldOut: Awaited<ReturnType<typeof nous.runStatesCheck>>["right"] = [];
const tuneRight: typeof heldOut = [];
// current-value questions (category 4) of each held-out report part: how many, how many right (F1 ≥ 0.5), by variant
const questionLevel: Record<string, string | number>[] = [];
for (const set of CHECK_SETS) {
  const [path] = nous.checkSetPaths(set);
  const { rows, right } = await nous.runStatesCheck(path, CHECK_VARIANTS);
  if (HELD_OUT.has(set)) {
    heldOut.push(...right.filter((r) => r.part === "report"));
    const report = new Set(right.filter((r) => r.part === "report").map((r) => r.conversation));
    for (const variant of CHECK_VARIANTS) {
      const qs = rows.filter((r) => r.ablation === variant && Number(r.category) === 4 && report.has(String(r.conversation)));
      const conv = right.filter((r) => r.ablation === variant && r.part === "report");
      questionLevel.push({ set, variant, conversations: conv.length, current_questions: qs.length, per_conversation: qs.length / conv.length, questions_right: qs.filter((r) => nous.valueRight(Number(r.f1))).length, conversations_right: conv.filter((r) => r.right).length });
    }
  }
  const summary = nous.checkSummary(right).sort((a, b) => (a.part === b.part ? 0 : a.part === "report" ? -1 : 1));
  // a held-out set's table in full; a tune set's in one line here and pooled with the others below
  if (HELD_OUT.has(set)) plot.table(summary, { title: `${set} set: conversations with every current value right (${MODEL})` });
  else tuneRight.push(...right.filter((r) => r.part === "tune"));
  // a set without a report part (dev-a, dev-b) is summarised on its tune part, and says so
  const part = summary.some((r) => r.part === "report") ? "report" : "tune";
  const report = summary.filter((r) => r.part === part);
  const full = report.find((r) => r.variant === "none")!;
  const better = report.filter((r) => r.variant !== "none" && Number(r.all.split("/")[0]) > Number(full.all.split("/")[0])).map((r) => r.variant);
  console.log(`${set} set, ${part} part: full model ${full.all} overall, ${full["stable values (stable + jokes)"]} stable values, jokes ${full.jokes} (last-write-wins ${report.find((r) => r.variant === "last-write-wins")?.jokes}); variants better than the full model overall: ${better.length ? better.join(", ") : "none"}`);
}
if (tuneRight.length) plot.table(nous.checkSummary(tuneRight), { title: `Tune parts pooled: the original set's and ${CHECK_SETS.filter((x) => !HELD_OUT.has(x)).length - 1} development sets' (${tuneRight.filter((r) => r.ablation === "none").length} conversations, read while the rules were written: development numbers; ${MODEL})` });

// %% [markdown]
// Every held-out report part pooled (the fresh set's report part and the fifty-one held-out sets): the share of
// conversations with every current value right, overall and for the stable scenario, by variant; then the same sets
// question by question, since a conversation with four current-value questions is right less often than one with one.

// %%
const pooled = nous.checkSummary(heldOut.map((r) => ({ ...r, part: "report" })));
plot.table(pooled, { title: `Held-out report parts pooled (${new Set(heldOut.map((r) => r.conversation)).size} conversations; ${MODEL})` });
const share = (x: string) => { const [a, b] = x.split("/").map(Number); return `${x} (${((100 * a) / b).toFixed(0)} %)`; };
const fullPooled = pooled.find((r) => r.variant === "none")!;
const lwwPooled = pooled.find((r) => r.variant === "last-write-wins")!;
const byGroup = (sets: string[], variant: string) => {
  const xs = questionLevel.filter((r) => sets.includes(String(r.set)) && r.variant === variant);
  const sum = (k: string) => xs.reduce((a, r) => a + Number(r[k]), 0);
  return { conversations: sum("conversations"), current_questions: sum("current_questions"), per_conversation: sum("current_questions") / sum("conversations"), questions_right: sum("questions_right"), question_share: sum("questions_right") / sum("current_questions"), conversations_right: sum("conversations_right"), conversation_share: sum("conversations_right") / sum("conversations") };
};
const GROUPS: [string, string[]][] = [["held-v, -w (one or two questions)", ["held-v", "held-w"]], ["held-j … held-r (eight earlier sets)", ["held-j", "held-k", "held-m", "held-n", "held-o", "held-p", "held-q", "held-r"]], ["held-be, -bf, -bg", ["held-be", "held-bf", "held-bg"]], ["held-bk, -bl, -bm", ["held-bk", "held-bl", "held-bm"]], ["held-bt, -bu, -bv", ["held-bt", "held-bu", "held-bv"]], ["held-bw, -bz, -ca, -cb", ["held-bw", "held-bz", "held-ca", "held-cb"]], ["held-cc", ["held-cc"]], ["held-cg", ["held-cg"]], ["held-ck, -cm, -cp", ["held-ck", "held-cm", "held-cp"]], ["held-ct, -cv, -cx, -db, -dd, -dh, -dk", ["held-ct", "held-cv", "held-cx", "held-db", "held-dd", "held-dh", "held-dk"]], ["held-do, -dq, -ds, -dx", ["held-do", "held-dq", "held-ds", "held-dx"]], ["held-dy, -ea, -ed, -ee (first batch of twelve)", ["held-dy", "held-ea", "held-ed", "held-ee"]], ["held-eg … -en (second batch of twelve)", ["held-eg", "held-eh", "held-ei", "held-ej", "held-ek", "held-el", "held-em", "held-en"]], ["fresh (report part)", ["fresh"]]];
plot.table(GROUPS.filter(([, sets]) => sets.some((x) => CHECK_SETS.includes(x))).flatMap(([group, sets]) => ["none", "last-write-wins"].map((variant) => ({ group, variant, ...byGroup(sets, variant) }))), { title: `Held-out current-value questions and conversations, by group of sets (${MODEL})`, digits: 3 });
console.log(`held out, full model: ${share(fullPooled.all)} overall, stable ${share(fullPooled.stable)}, stable values ${share(fullPooled["stable values (stable + jokes)"])}, jokes ${fullPooled.jokes} against last-write-wins ${lwwPooled.jokes}; changes ${fullPooled.changes} against last-write-wins ${lwwPooled.changes}`);

// %% [markdown]
// ## Belief trajectories
// The equations alone on a controlled sequence (no data, no decay): a job confirmed four times, a joke at confidence
// 0.2, then an ending ("I don't work at the bakery anymore", which creates the unnamed value "not bakery") and the new
// job named once.

// %%
const demo = nous.open(":memory:", { halfLifeDays: null });
const WEEK = 7 * 86_400_000;
const steps: [string, "state" | "ended" | "change", number][] = [["bakery", "state", 1], ["bakery", "state", 1], ["bakery", "state", 1], ["bakery", "state", 1], ["the couch", "state", 0.2], ["bakery", "ended", 1], ["library", "state", 1]];
steps.forEach(([value, kind, confidence], i) => demo.ingest({ id: `S${i + 1}`, speaker: "Ann", text: `(${kind}, confidence ${confidence}) ${value}`, timestamp: Date.UTC(2023, 0, 1) + i * WEEK }, { triples: [{ entity: "Ann", attribute: "workplace", value, kind, confidence }] }));
const demoDeltas = demo.trajectory("Ann", "workplace").map((d) => ({ ...d }));
plot.table(demoDeltas.map((d) => ({ observation: d.observation, kind: d.kind, confidence: d.confidence, surprise_bits: d.surprise, mode_after: d.posterior[0].value, p_mode: d.posterior[0].p })), { title: "Controlled sequence (equations only)", digits: 4 });
const demoFig = nous.beliefTrajectoryFigure(demoDeltas, { entity: "Ann", attribute: "workplace", model: "equations of the memory on a controlled sequence (r = 0.8, α₀ = 1, no decay), no data" });
await plot.show(demoFig);
await plot.save(demoFig, "../figures/04-nous-locomo/belief-trajectory-controlled");
demo.close();

// %% [markdown]
// Workplace, job and home dimensions of this LoCoMo run, and the trajectory of the one with most deltas among those
// holding two values or more (read their turns before calling one a change: the offline extractor writes what the
// words say).

// %%
const byDim = new Map<string, Record<string, unknown>[]>();
for (const d of deltas) {
  if (d.attribute !== "workplace" && d.attribute !== "job" && d.attribute !== "home") continue;
  const k = `${d.conversation}\u0000${d.entity}\u0000${d.attribute}`;
  byDim.set(k, [...(byDim.get(k) ?? []), d]);
}
const candidates = [...byDim.values()].filter((ds) => new Set(ds.map((d) => d.observation)).size >= 2).sort((a, b) => b.length - a.length);
plot.table([...byDim.values()].map((ds) => ({ conversation: String(ds[0].conversation), dimension: `${ds[0].entity} · ${ds[0].attribute}`, deltas: ds.length, values: [...new Set(ds.map((d) => String(d.observation)))].join(" | ") })), { title: `Workplace, job and home dimensions (${DATA} ${answers[0].split} split)` });
if (candidates[0]) {
  const trajFig = nous.beliefTrajectoryFigure(candidates[0], { entity: String(candidates[0][0].entity), attribute: String(candidates[0][0].attribute), model: `${LABEL}; ${DATA}` });
  await plot.show(trajFig);
  await plot.save(trajFig, "../figures/04-nous-locomo/belief-trajectory");
} else console.log("no workplace, job or home dimension with two values in this run");

// %% [markdown]
// ## The claims audit
// Each finding is declared once (`lib/nous/claims.ts`) and graded by the shared audit (`lib/claims`): the estimate at
// the defaults on the benchmark (never LoCoMo), its null, a Latin hypercube over the update rule's constants, the
// memory's other settings and the extractor's three confidences, Holm over the four claims, power, and a class. In the
// quick profile the audit is small and its classes provisional.

// %%
const audit = await claims.audit(CONFIG, { profile: PROFILE });
plot.table(claims.auditTable(audit), { title: `Claims audit (${audit.model}; profile ${PROFILE})` });
for (const line of claims.auditSummary(audit)) console.log(line);

// %%
for (const c of audit.claims) {
  const fig = claims.claimFigure(audit, c.claim);
  await plot.show(fig);
  await plot.save(fig, `../figures/04-nous-locomo/claim-${c.claim}`);
}

// %% [markdown]
// ## Published numbers, labelled
// Each published number carries its answerer, its judge and where each comes from. The seed paper reports Nous's
// scores as obtained with GPT-4o-mini as the base model; nous-state's evaluation code (`benchmark/eval_locomo.py`)
// answers with gemini-2.5-flash and judges with gpt-4o-mini, and its audit says the headline numbers are those judge
// scores. Its "context recall" is the answer-words-in-context score (our `nous_state_recall`), not evidence recall.
// None of them is the offline pipeline.

// %%
plot.table(nous.publishedResults().map((p) => ({ system: String(p.system), model: String(p.model), answerer: String(p.answerer), judge: String(p.judge), retriever: String(p.retriever), scorer: String(p.scorer), category: String(p.category_name), value: Number(p.value), source: String(p.source) })), { title: "Published LoCoMo numbers (as reported)", digits: 4 });
