/**
 * Cue words: the content words of a text that make a memory come back when they come up again (docs/memory.md,
 * "Recall"). Function words, pronouns, auxiliaries and everyday time words are left out, English endings are
 * stripped (walked, walking, walks → walk), and runs of Chinese or Japanese characters, written without spaces,
 * give their character pairs.
 */

/** Most cue words kept per text. */
export const maxCues = 12;

const stopWords: ReadonlySet<string> = new Set(
  // English
  (
    'the,a,an,and,or,but,if,so,than,then,that,this,these,those,there,here,of,to,in,on,at,by,for,with,about,from,' +
    'into,onto,over,under,up,down,out,off,as,is,am,are,was,were,be,been,being,have,has,had,having,do,does,did,' +
    'doing,done,will,would,shall,should,can,could,may,might,must,not,no,yes,just,very,really,too,also,still,even,' +
    'i,me,my,mine,myself,you,your,yours,yourself,he,him,his,she,her,hers,it,its,we,us,our,ours,they,them,their,' +
    'theirs,what,which,who,whom,whose,when,where,why,how,all,any,some,every,each,much,many,more,most,other,' +
    'another,such,only,own,same,again,ever,never,always,now,today,tonight,yesterday,tomorrow,day,days,time,' +
    'week,weeks,month,year,thing,things,something,anything,nothing,everything,one,ones,got,get,gets,getting,' +
    'go,goes,going,went,gone,come,came,coming,make,made,take,took,know,knew,think,thought,say,said,tell,told,' +
    'like,well,oh,ok,okay,hey,hi,hello,please,thanks,thank,yeah,lol,im,dont,cant,its,ive,youre,thats,gonna,' +
    'wanna,let,lets,because,while,after,before,since,until,though,although,used,feel,feeling,felt,' +
    // Spanish
    'el,la,los,las,un,una,unos,unas,y,o,pero,si,que,de,del,al,en,con,por,para,sin,sobre,es,era,fue,ser,estar,' +
    'está,estoy,estaba,he,ha,han,hay,mi,mis,tu,tus,su,sus,yo,me,te,se,nos,le,les,lo,muy,más,ya,hoy,ayer,como,' +
    'cuando,porque,este,esta,esto,eso,esa,ese,también,todo,nada,algo'
  ).split(','),
);

const cjk = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
const word = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;

/** The English stem of a lower-case word: plural, past and progressive endings stripped. */
function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return undouble(w.slice(0, -3));
  if (w.length > 4 && w.endsWith('ied')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('ed')) return undouble(w.slice(0, -2));
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** `stopp` → `stop`, `runn` → `run`: the doubled consonant before -ing or -ed. */
function undouble(w: string): string {
  const n = w.length;
  if (n >= 4 && w[n - 1] === w[n - 2] && !'aeiouls'.includes(w[n - 1]!)) return w.slice(0, -1);
  return w;
}

/** The cue words of a text, in order of first appearance, at most {@link maxCues}; empty for null. */
export function cueWords(text: string | null): string[] {
  if (text === null || text.length === 0) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (cue: string): boolean => {
    if (!seen.has(cue)) {
      seen.add(cue);
      out.push(cue);
    }
    return out.length >= maxCues;
  };
  for (const match of text
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .matchAll(word)) {
    const token = match[0].replace(/'s$/, '');
    if (cjk.test(token)) {
      // No spaces between words: every pair of characters is a cue (村上さん → 村上, 上さ, さん).
      const chars = Array.from(token);
      for (let i = 0; i + 1 < chars.length; i++) if (add(chars[i]! + chars[i + 1]!)) return out;
      continue;
    }
    // Contractions (I'm, don't, they've) are function words.
    if (token.length < 3 || token.includes("'") || stopWords.has(token) || /^\d+$/.test(token)) continue;
    const cue = stem(token);
    if (cue.length >= 3 && !stopWords.has(cue) && add(cue)) return out;
  }
  return out;
}

/** Cosine similarity of two cue sets (each without repeats): shared / √(|a|·|b|), 0 when either is empty. */
export function cueSimilarity(query: ReadonlySet<string>, cues: readonly string[]): number {
  if (query.size === 0 || cues.length === 0) return 0;
  let shared = 0;
  for (const cue of cues) if (query.has(cue)) shared++;
  return shared === 0 ? 0 : shared / Math.sqrt(query.size * cues.length);
}
