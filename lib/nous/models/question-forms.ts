/**
 * The forms of a where-question one speaker asks the other, as patterns over its text: where the listener lives or
 * works, a bare "where did you go?", "where are you these days?", what comes next after an ending, a question about
 * the past.
 */
export const HOME_Q = /\b(?:you|u) (?:live|living|stay|staying) where\b|\bwhere\b.*\b(?:live|living|home|move|moved|based|settle|settled|stay(?:ing)?(?!\s+(?:for|tonight|this|on|during|while|when|over|in the hotel)\b)|end(?:ed)? up|collect(?:ing)? (?:you|u) from|pick(?:ing)? (?:you|u) up from)\b|\b(?:your|ur) (?:\w+ )?address\b/i;
export const WORK_Q = /\b(?:you|u) (?:work|working) where\b|\bwhere\b.*\b(?:work|working|job|every ?day|each day|commut\w*)\b|\bwhere(?:'s| is) (?:the|your|ur) (?:new )?office\b|\b(?:which|what) (?:\w+ )?(?:company|firm|employer|factory|hospital|school|shop|store|office|bank|hotel|restaurant|practice|agency|warehouse|plant|site|place|one)\b[^?]*\b(?:do|did) (?:you|u) work\b|\bwho (?:do|did) (?:you|u) work for\b|\bwho(?:'s| is)? (?:\w+ )?(?:pay|pays|paying) (?:you|u)\b/i;
export const GO_Q = /^\s*where did you go\s*\?\s*$/i;
/** "Where are you these days?", "Where are you again?": where the listener lives, asked without a verb of living. */
export const WHERE_NOW_Q = /\bwhere (?:(?:are|r) (?:you|u)|you're|youre)\b.*\b(?:these days|nowadays|now|again)\b|\bwhere in (?:\p{Lu}[\p{L}'-]*\s){1,3}(?:are|r) (?:you|u)\b|\bwhere (?:are |r )?(?:you|u) to\W*$/iu;
/** Right after the listener ended a home or job: "what now?", "what's next?", "where are you (now)?", "so where?". */
export const NEXT_Q = /^\W*(?:\w+\W+){0,2}?(?:(?:so|and) )?(?:what(?:'s| is)? (?:now|next)|where (?:are|r) (?:you|u)\b.*|where (?:now|next|then)|where to|what are you doing now|(?:and )?now what)\W*$/i;
export const PAST_Q = /\b(?:did|have) you\b|\bmoved\b|\bended up\b/i;
/** The words that open a question: a wh-word, or an auxiliary put first. */
export const WH = new Set(["how", "hows", "where", "wheres", "what", "whats", "when", "who", "why"]);
export const ASK_AUX = new Set(["did", "do", "does", "are", "is", "r", "have", "has", "were", "was"]);
