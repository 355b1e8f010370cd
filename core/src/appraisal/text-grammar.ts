// Grammar tables of the offline English appraiser. Lists are comma-separated; a space makes a phrase.

/** Common English words: unscored, but they tell English text from text the lexicon cannot read. */
export const commonWords =
  'the,a,an,it,its,they,them,their,him,her,his,she,he,is,are,was,were,be,been,being,am,do,does,did,have,has,had,' +
  'will,would,can,could,should,shall,may,might,must,to,of,and,or,but,if,so,as,at,by,for,from,in,into,on,out,up,' +
  'down,over,under,with,about,than,then,there,here,this,that,these,those,what,which,who,whom,whose,why,how,when,' +
  'where,all,any,some,each,every,just,very,really,too,also,only,even,still,again,ever,now,today,tonight,tomorrow,' +
  'yesterday,one,two,hi,hello,hey,ok,okay,oh,well,get,got,go,went,going,come,came,make,made,take,took,know,think,' +
  'see,look,want,say,said,tell,told,day,time,thing,things,way,much,many,more,most,lot,little,back,after,before,' +
  'because,while,until,since,though,although,yeah,yep,nope,hmm,um,uh,me,my,mine,myself,you,your,yours,yourself,' +
  'we,us,our,ours,i,not,no,never,someone,people,everyone,let,put,give,gave,keep,kept,work,home,new,old,last,next,' +
  'user,users,person,thing,always,need,feel,fell,lights,game,exam,did,done,doing';

/** Words that must not count as goal or value keywords (too generic to signal relevance). */
export const genericWords =
  'user,users,person,people,thing,things,make,keep,want,need,always,really,feel,being';

/** Negators: they flip the next few words, to about -0.74 of a positive value (VADER's N_SCALAR). */
export const negators = 'not,no,never,without,nothing,nobody,none,neither,nor';
/** Contracted negators, with and without the apostrophe. */
export const contractedNegators =
  "don't,doesn't,didn't,isn't,aren't,wasn't,weren't,won't,wouldn't,shouldn't,haven't,hasn't,hadn't,ain't,mustn't," +
  'dont,doesnt,didnt,isnt,arent,wasnt,werent,wouldnt,shouldnt,havent,hasnt,hadnt,aint';
/** Negators that also say the subject is unable: low control. */
export const inabilityNegators = "can't,cannot,cant,couldn't,couldnt";
/** Half-negators: "hardly happy" is mildly unhappy. */
export const weakNegators = 'hardly,barely,scarcely';

/** Boosters and dampeners of the next scored word (VADER adds ±0.293 to scores that are mostly 1-4). */
export const modifiers: Record<string, number> = {
  very: 1.3,
  so: 1.3,
  really: 1.3,
  extremely: 1.5,
  totally: 1.3,
  incredibly: 1.5,
  absolutely: 1.4,
  completely: 1.3,
  utterly: 1.4,
  truly: 1.3,
  highly: 1.3,
  deeply: 1.3,
  such: 1.2,
  too: 1.2,
  super: 1.3,
  quite: 1.1,
  'a bit': 0.6,
  'a little': 0.6,
  'a little bit': 0.5,
  slightly: 0.6,
  'kind of': 0.6,
  kinda: 0.6,
  'sort of': 0.6,
  sorta: 0.6,
  somewhat: 0.6,
  fairly: 0.8,
  mildly: 0.6,
  partly: 0.7,
};

/** Boosters of the previous scored word: "thank you so much". */
export const postModifiers: Record<string, number> = { 'so much': 1.3, 'very much': 1.3, 'a lot': 1.2 };

/**
 * Who a word names as the subject of a clause, from the speaker's point of view: `own` and `yours` are possessives
 * (my plan, your plan), `thing` is an object, an event or a dummy subject (it, there).
 */
export type SubjectKind = 'speaker' | 'own' | 'addressee' | 'yours' | 'we' | 'third' | 'thing';

/** Subjects: the speaker, the addressee, both, other people, and things. `+` marks a contracted copula. */
export const subjects: Record<SubjectKind, string> = {
  speaker: "i,i've,i'll,i'd,ive,+i'm,+im",
  own: 'my',
  addressee: "you,you've,you'll,you'd,u,+you're,+youre,+ur",
  yours: 'your',
  we: "we,we've,we'll,we'd,our,+we're",
  third:
    "he,she,they,he'll,she'll,they'll,they've,someone,somebody,people,everyone,everybody,nobody,his,her,their," +
    "+he's,+she's,+they're",
  thing: "it,that,this,there,these,those,the,a,an,+it's,+that's,+there's,+this's",
};

/** Nouns after "my"/"your" that name another person: "my boss" is a third party. */
export const people =
  'boss,mom,mum,mother,dad,father,parents,friend,friends,wife,husband,sister,brother,partner,teacher,kid,kids,son,' +
  'daughter,family,girlfriend,boyfriend,coworker,coworkers,colleague,colleagues,neighbor,neighbour,manager,' +
  'roommate,ex,grandma,grandpa,cousin,aunt,uncle,doctor,landlord,team,classmate,classmates,cat,dog';

/** Words for the speaker, for relevance and for "you did this to me" (speaker objects). */
export const speakerRefs = "i,me,my,mine,myself,i'm,i've,i'll,i'd,im,ive";
/** Words for the addressee. */
export const addresseeRefs = "you,your,yours,yourself,you're,you've,you'll,you'd,u,ur,youre";
/** Words for the speaker and the addressee together. */
export const weRefs = "we,us,our,ours,ourselves,we're,we've,we'll,we'd";

/** Linking verbs: the subject is described, not acting. */
export const copulas = 'is,are,am,was,were,be,been,being,look,looks,looked,seem,seems,seemed,sound,sounds';
/** Auxiliaries and fillers skipped when looking for the verb after a subject (adverbs in -ly are skipped too). */
export const auxiliaries =
  'do,does,did,have,has,had,will,would,could,should,can,might,must,may,shall,just,really,always,never,also,even,' +
  'still,already,ever,so,very,not,kinda,sometimes,often,again,too,all,both';
/** Words skipped at the start of a clause before its subject. */
export const leadFillers =
  'oh,ah,well,so,then,now,yesterday,today,tonight,hey,ok,okay,yes,yeah,yep,lol,haha,um,uh,hmm,please,also,plus,wow';
/** Verbs of thinking and wanting. */
export const mentalVerbs =
  'know,knew,think,thought,mean,meant,see,feel,felt,want,wanted,like,liked,love,loved,need,needed,guess,believe,' +
  'understand,wish,hope,remember,realize,realise,agree,care,miss,bet,hate';
/** Forms of "get": "got fired" is done to the subject, "got a gift" is its act. */
export const getVerbs = 'get,gets,got,getting,gotten';
/** Participles of being wronged: "you got fired", "I was dumped" are done to the subject. */
export const victimWords =
  'fired,dumped,betrayed,rejected,ignored,attacked,robbed,hurt,insulted,humiliated,abandoned,left,cheated,mocked,' +
  'bullied,blamed,punished,scolded,yelled,hit,beaten,kicked,arrested,criticized,criticised,manipulated,abused,used,' +
  'fooled,tricked,scammed,excluded,laid,sued,cut,hacked,lied,stolen,taken,caught';
/** Words that end a clause for agency. */
export const conjunctions = 'and,but,because,or,while,when,although,though,whereas,since,until,unless';
