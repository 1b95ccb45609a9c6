/**
 * Templates, their fills and the hand-written rows of request set v1. Templates fill what the
 * mined corpora cannot (paper §3.2): most deferred delivery and memory requests, and about half of
 * monitoring and callbacks. Fill values and every context were written by hand for v1; no fill
 * is generated combinatorially, so each request reads as something a person would type.
 */
import type { Category } from '../../src/core/types.ts';

export interface Template {
  category: Category;
  /** Text with `{slot}` markers, each filled from TemplateRow.fills. */
  text: string;
}

export const TEMPLATES = {
  'mon-tell-when': { category: 'monitoring', text: 'Tell me when {event}.' },
  'mon-alert-if': { category: 'monitoring', text: 'Alert me if {condition}.' },
  'mon-let-me-know-once': { category: 'monitoring', text: 'Let me know once {event}.' },
  'mon-keep-watch': { category: 'monitoring', text: 'Keep an eye on {thing} and tell me {when}.' },
  'mon-when-then': { category: 'monitoring', text: 'When {event}, {action}.' },
  'cb-call-back': { category: 'callback', text: 'Have someone call me back about {issue} {when}.' },
  'cb-escalate': { category: 'callback', text: 'Please escalate {issue} to a supervisor and have them get back to me.' },
  'cb-team-contact': { category: 'callback', text: "I'd like someone from {team} to contact me about {issue}." },
  'cb-follow-up': { category: 'callback', text: 'Please make sure someone follows up with me {when} about {issue}.' },
  'cb-real-person': { category: 'callback', text: 'Can a real person get back to me {when} about {issue}?' },
  'dd-at-time': { category: 'deferred_delivery', text: '{when}, send me {thing}.' },
  'dd-every': { category: 'deferred_delivery', text: 'Every {period}, send me {thing}.' },
  'dd-summary': { category: 'deferred_delivery', text: 'Send me a summary of {topic} {when}.' },
  'dd-after': { category: 'deferred_delivery', text: 'After {event}, send me {thing}.' },
  'mem-fact': { category: 'memory', text: 'Remember for next time that {fact}.' },
  'mem-prefer': { category: 'memory', text: 'From now on, remember that I prefer {preference}.' },
  'mem-next-session': { category: 'memory', text: 'Next time we talk, {recall}.' },
  'mem-keep-in-mind': { category: 'memory', text: 'Keep in mind for our future chats that {fact}.' },
} as const satisfies Record<string, Template>;

export type TemplateId = keyof typeof TEMPLATES;

export interface TemplateRow {
  template: TemplateId;
  fills: Record<string, string>;
  context: string;
}

export interface HandRow {
  category: Category;
  request: string;
  context: string;
}

const t = (template: TemplateId, fills: Record<string, string>, context: string): TemplateRow => ({ template, fills, context });

export const TEMPLATE_ROWS: readonly TemplateRow[] = [
  // monitoring
  t('mon-tell-when', { event: 'the CI run on my pull request finishes' }, "I just pushed a fix for the flaky login test and I'm heading to lunch."),
  t('mon-tell-when', { event: 'my parcel is out for delivery' }, "I ordered a replacement kettle and I'm working from home all week."),
  t('mon-tell-when', { event: 'tickets for the December concert go on sale' }, "My daughter's favourite band is playing in town just before Christmas."),
  t('mon-tell-when', { event: 'the pharmacy has my prescription ready' }, 'The surgery sent my new inhaler prescription over this morning.'),
  t('mon-tell-when', { event: 'the rain stops' }, 'I want to mow the lawn before the grass gets any longer.'),
  t('mon-alert-if', { condition: 'the train fare to Edinburgh drops below 40 pounds' }, "I'm visiting my grandmother in November and the fares are steep right now."),
  t('mon-alert-if', { condition: 'my flight tomorrow gets delayed' }, 'I fly to Rome at 7 am tomorrow and have a tight connection.'),
  t('mon-alert-if', { condition: 'the river level near our house goes above the warning mark' }, 'Our street flooded two winters ago and we lost the carpets.'),
  t('mon-alert-if', { condition: 'anyone replies to my post about our missing cat' }, "Our tabby hasn't come home for two nights and I posted in the neighbourhood group."),
  t('mon-alert-if', { condition: 'a frost warning is issued for tonight' }, "I've just planted out my lettuce seedlings."),
  t('mon-let-me-know-once', { event: 'the game update has finished downloading' }, 'The update is 40 gigabytes and our connection is slow.'),
  t('mon-let-me-know-once', { event: 'the backup of my laptop is complete' }, "I'm wiping the laptop afterwards and don't want to start too early."),
  t('mon-let-me-know-once', { event: 'the council publishes its decision on the extension next door' }, 'Our neighbours applied to add a second storey that would block our light.'),
  t('mon-let-me-know-once', { event: 'the corner bakery has sourdough back in stock' }, 'The bakery on my corner sells out of sourdough by nine every day.'),
  t('mon-let-me-know-once', { event: 'the refund from the airline shows up in my account' }, 'The airline cancelled my flight three weeks ago and still owes me.'),
  t('mon-keep-watch', { thing: 'the auction for the vintage racing bike', when: 'if someone outbids me' }, 'I bid on a 1970s road bike and the auction ends on Sunday.'),
  t('mon-keep-watch', { thing: 'the cricket score', when: 'when a wicket falls' }, "I'm stuck in a workshop during the final session of the test match."),
  t('mon-keep-watch', { thing: 'the traffic on the ring road', when: 'when it clears' }, 'There was a crash near the airport exit and I have to drive out there later.'),
  t('mon-keep-watch', { thing: 'the price of the grey corner sofa', when: 'when it goes on sale' }, "We're furnishing our first living room on a tight budget."),
  t('mon-keep-watch', { thing: 'the build server', when: 'if it goes down overnight' }, "We release on Monday and the server has crashed twice this week."),
  t('mon-when-then', { event: "my sister's flight lands", action: 'tell me so I can leave for the airport' }, 'My sister is flying in from Toronto tonight.'),
  t('mon-when-then', { event: 'the washing machine finishes', action: 'let me know so I can hang the clothes out' }, "It's the first sunny day in a week and I've got a full load in."),
  t('mon-when-then', { event: 'the results for our ward are announced', action: 'tell me who won' }, 'My friend is standing for the local council for the first time.'),
  t('mon-when-then', { event: 'the electricity price drops below 10 cents tonight', action: 'tell me so I can run the dishwasher' }, "We're on a tariff that changes price every half hour."),
  t('mon-when-then', { event: 'the library gets the new thriller back', action: 'let me know so I can borrow it' }, "I'm fourth on the waiting list for that book."),
  // callback
  t('cb-call-back', { issue: 'the damaged parcel', when: 'this afternoon' }, 'The box arrived crushed and the lamp inside is broken.'),
  t('cb-call-back', { issue: 'my cancelled order', when: 'tomorrow' }, 'You cancelled my order without explanation after taking the payment.'),
  t('cb-call-back', { issue: 'the wrong size shoes', when: 'before the weekend' }, 'I ordered size 42 and received 38 for the second time.'),
  t('cb-call-back', { issue: 'the warranty on my dishwasher', when: 'today' }, 'The dishwasher I bought in March has stopped draining.'),
  t('cb-call-back', { issue: 'my missing loyalty points', when: 'this week' }, 'None of my purchases since July have added points to my card.'),
  t('cb-escalate', { issue: 'my disputed late fee' }, 'I paid on time but was still charged a late fee.'),
  t('cb-escalate', { issue: 'the repeated failed deliveries' }, "The courier has marked my parcel as 'nobody home' three times while I was in."),
  t('cb-escalate', { issue: 'my rejected insurance claim' }, 'My claim for the stolen bicycle was turned down without a reason.'),
  t('cb-escalate', { issue: 'the noise from the substation' }, 'The substation behind our garden has hummed loudly day and night since the upgrade.'),
  t('cb-escalate', { issue: 'my five-day broadband outage' }, 'Our internet has been down since Saturday and I work from home.'),
  t('cb-team-contact', { team: 'your billing team', issue: 'splitting the bill with my housemates' }, 'Four of us share the house and want separate accounts.'),
  t('cb-team-contact', { team: 'the installation team', issue: 'moving my meter' }, "We're renovating the hallway and the meter is in the way."),
  t('cb-team-contact', { team: 'your accessibility team', issue: 'getting my bills in large print' }, 'My eyesight has got much worse this year.'),
  t('cb-team-contact', { team: 'the sales team', issue: 'a quote for solar panels' }, 'We just had the roof replaced and it faces south.'),
  t('cb-team-contact', { team: 'your fraud team', issue: "a payment I don't recognise" }, "There's a payment on my statement from a shop I've never visited."),
  t('cb-follow-up', { when: 'by Friday', issue: 'the leaking pipe under the street' }, 'Water has been bubbling up through the pavement outside my house for a week.'),
  t('cb-follow-up', { when: 'tomorrow', issue: 'why my account was suspended' }, "I can't log in and the message just says 'suspended'."),
  t('cb-follow-up', { when: 'next week', issue: 'the result of the meter accuracy test' }, 'I asked for my meter to be tested because the readings seem far too high.'),
  t('cb-follow-up', { when: 'within two days', issue: 'my replacement card' }, 'My card was swallowed by a cash machine while I was on holiday.'),
  t('cb-follow-up', { when: "after the engineer's second visit", issue: 'whether the heating fault is fixed for good' }, "The heating has failed twice since the engineer's first repair."),
  t('cb-real-person', { when: 'today', issue: 'the deposit you are still holding' }, "I closed my account a month ago and the deposit hasn't come back."),
  t('cb-real-person', { when: 'this evening', issue: "moving my son's account into his own name" }, 'My son started university and the account is still in my name.'),
  t('cb-real-person', { when: 'tomorrow', issue: 'the new tariff I was moved to without asking' }, 'My monthly payment went up by a third and I never agreed to a change.'),
  t('cb-real-person', { when: 'on Monday', issue: 'the address on my boiler service booking' }, 'The confirmation letter lists the wrong street.'),
  t('cb-real-person', { when: 'soon', issue: 'changing the name on the account after my divorce' }, "The account is still in my ex-husband's name."),
  // deferred delivery
  t('dd-at-time', { when: 'Tomorrow at 7 am', thing: 'a 20-minute workout I can do in a hotel room' }, "I'm travelling for work and the hotel has no gym."),
  t('dd-at-time', { when: 'Tonight at 9', thing: 'three questions to quiz me on the French Revolution' }, 'I have a history exam on Monday.'),
  t('dd-at-time', { when: 'Tomorrow morning', thing: 'the pros and cons of leasing versus buying a car' }, "We're choosing a family car this weekend."),
  t('dd-at-time', { when: 'On Saturday morning', thing: 'a shopping list for a vegetarian lasagne for six' }, "I'm cooking for my partner's parents on Saturday night."),
  t('dd-at-time', { when: 'At 5 pm today', thing: 'a short checklist for closing up the office' }, "I'm covering for the office manager this week."),
  t('dd-at-time', { when: 'On Monday at 8 am', thing: 'a motivating quote to start the week' }, 'The last few Mondays have been rough.'),
  t('dd-at-time', { when: 'Tomorrow at noon', thing: 'walking directions from the central station to the natural history museum' }, "I'm taking my nephew into the city tomorrow."),
  t('dd-at-time', { when: 'This evening at 6', thing: 'a simple recipe that uses leftover rice' }, 'I made far too much rice for lunch.'),
  t('dd-at-time', { when: 'Tomorrow before 9', thing: 'a draft apology to my neighbour about the noise' }, 'Our party ran much later than planned last night.'),
  t('dd-at-time', { when: 'Next Friday', thing: 'a list of things to pack for a weekend of camping' }, "We're taking the kids camping for the first time."),
  t('dd-every', { period: 'morning this week', thing: 'one new Spanish word with an example sentence' }, "I'm off to Valencia in two weeks and my Spanish is rusty."),
  t('dd-every', { period: 'evening', thing: 'a two-minute breathing exercise' }, "I've been sleeping badly since the move."),
  t('dd-every', { period: 'Monday', thing: 'a simple meal plan for the week' }, 'We keep ordering takeaway because we never plan dinners.'),
  t('dd-every', { period: 'Sunday night', thing: 'three tips for keeping houseplants alive' }, "I've killed two ferns since the summer."),
  t('dd-every', { period: 'day at lunchtime', thing: 'one interesting fact about space' }, 'My daughter is obsessed with planets and quizzes me every evening.'),
  t('dd-every', { period: 'Friday afternoon', thing: 'a short stretching routine for desk workers' }, 'My shoulders are stiff by the end of every week.'),
  t('dd-every', { period: 'morning at 7', thing: 'a short word puzzle' }, 'My grandad and I like to solve a puzzle together over breakfast.'),
  t('dd-every', { period: 'week', thing: 'a recommendation for a crime novel' }, "I've finished every crime novel on my shelf."),
  t('dd-every', { period: 'other day', thing: 'a chess opening to study' }, 'I joined a chess club and keep losing in the first ten moves.'),
  t('dd-every', { period: 'Saturday', thing: 'an idea for a cheap family outing' }, "Money's tight this month but the kids are bored at home."),
  t('dd-summary', { topic: 'the key dates of the tax year', when: 'on the first of next month' }, "I'm self-employed for the first time this year."),
  t('dd-summary', { topic: 'the pros and cons of heat pumps', when: 'tomorrow morning' }, 'Our old gas boiler is on its last legs.'),
  t('dd-summary', { topic: 'the main causes of the First World War', when: 'tonight at 8' }, 'My son has an essay due and asked me to help him revise.'),
  t('dd-summary', { topic: "today's top business headlines", when: 'at 6 pm' }, "I'm in workshops all day with no time to read the news."),
  t('dd-summary', { topic: 'how to care for a new puppy', when: 'this evening' }, 'We pick up our Labrador puppy on Saturday.'),
  t('dd-summary', { topic: 'what to expect at a first driving lesson', when: 'tomorrow at 8 am' }, "My first driving lesson is at 10 tomorrow and I'm nervous."),
  t('dd-summary', { topic: 'the steps to register a birth', when: 'on Monday morning' }, 'Our baby was born last week and we are still in a daze.'),
  t('dd-summary', { topic: 'the basic rules of rugby', when: "before Saturday's match" }, "My partner's family are rugby fanatics and I'm joining them at a game."),
  t('dd-summary', { topic: 'the differences between the pension options', when: 'on Friday' }, 'I have to choose a workplace pension by the end of the month.'),
  t('dd-summary', { topic: 'how to train for a half-marathon in eight weeks', when: 'next Monday' }, 'I signed up for a half-marathon on a whim.'),
  t('dd-after', { event: 'my exam on Friday', thing: 'a list of fun things to do in the city' }, "I've been revising for weeks and need something to look forward to."),
  t('dd-after', { event: 'the match ends tonight', thing: 'the final score and the goal scorers' }, "I'll be at my cousin's wedding during the game."),
  t('dd-after', { event: 'my shift ends at 10 pm', thing: 'a recipe for a quick late dinner' }, 'I get home from the hospital starving and too tired to think.'),
  t('dd-after', { event: 'the markets close today', thing: 'how the tech index did' }, 'My pension fund is heavily invested in tech.'),
  t('dd-after', { event: 'my flight lands tonight', thing: 'public transport directions from the airport to my hotel' }, "I arrive in Vienna late and don't speak German."),
  t('dd-after', { event: 'the meeting at 3', thing: 'a short template for meeting minutes' }, 'I was just made the team secretary.'),
  t('dd-after', { event: 'lunch', thing: 'the questions I should ask the landlord at the viewing' }, "We're viewing a flat at 2 pm and it looks almost too good to be true."),
  t('dd-after', { event: 'the kids are in bed tonight', thing: 'a film recommendation for two adults' }, "It's our first quiet evening in weeks."),
  t('dd-after', { event: 'my run tomorrow morning', thing: 'a stretching routine for tight hamstrings' }, "My hamstrings have been tight since I upped my mileage."),
  t('dd-after', { event: 'the open day on Saturday', thing: 'a list of questions to ask about the school' }, "We're choosing a secondary school for our daughter."),
  // memory
  t('mem-fact', { fact: "I'm allergic to shellfish" }, "I'm putting together a month of dinner ideas."),
  t('mem-fact', { fact: "I'm vegetarian" }, 'I gave up meat in the summer.'),
  t('mem-fact', { fact: "my daughter's name is Ava and she's seven" }, 'I often ask for bedtime story ideas for my daughter.'),
  t('mem-fact', { fact: 'I live in a flat with a balcony but no garden' }, "Most of the gardening advice I get doesn't fit my balcony."),
  t('mem-fact', { fact: "I'm training for a marathon in April" }, 'Running has taken over my evenings.'),
  t('mem-fact', { fact: 'I use a wheelchair' }, 'Most of the walking routes I get suggested have steps.'),
  t('mem-fact', { fact: "I'm left-handed" }, "I'm learning guitar and most chord diagrams confuse me."),
  t('mem-fact', { fact: 'my budget for gifts is 30 dollars' }, 'The gift ideas I get are usually far too expensive.'),
  t('mem-fact', { fact: 'I work night shifts' }, "Advice about morning routines doesn't suit my week."),
  t('mem-fact', { fact: "I'm lactose intolerant" }, 'Dairy makes me ill and most smoothie recipes use yoghurt.'),
  t('mem-prefer', { preference: 'metric units' }, "I grew up in Germany and can't picture Fahrenheit or miles."),
  t('mem-prefer', { preference: 'short answers in bullet points' }, 'I read your replies on a small screen on the train.'),
  t('mem-prefer', { preference: 'British spelling' }, "I'm an English teacher in Manchester."),
  t('mem-prefer', { preference: 'recipes that take under 30 minutes' }, 'Between two jobs I barely have time to cook.'),
  t('mem-prefer', { preference: 'window seats whenever we talk about flights' }, 'I get anxious on planes unless I can see outside.'),
  t('mem-prefer', { preference: 'to be called Sam rather than Samantha' }, 'Only my grandmother calls me Samantha.'),
  t('mem-prefer', { preference: 'explanations without jargon' }, "I'm new to investing and the terms go over my head."),
  t('mem-prefer', { preference: 'code examples in Python rather than Java' }, 'Our team switched languages last year.'),
  t('mem-prefer', { preference: 'a gentle tone when we talk about my health' }, "I was diagnosed with diabetes last month and it's a lot to take in."),
  t('mem-prefer', { preference: 'budget hotels over luxury ones' }, "We're backpacking around Europe with three kids."),
  t('mem-next-session', { recall: 'ask me how my driving test went' }, 'My driving test is on Friday morning.'),
  t('mem-next-session', { recall: 'pick up where we left off with my CV' }, "I've fixed the first half of my CV and need a break."),
  t('mem-next-session', { recall: 'bring up the two paint colours I shortlisted: sage green and warm grey' }, "We're repainting the bedroom."),
  t('mem-next-session', { recall: 'start with the chapter five questions' }, "I'm studying for my nursing exams one chapter at a time."),
  t('mem-next-session', { recall: 'use the budget figures I gave you: rent 900 and food 400 a month' }, "I'm setting up a household budget for the first time."),
  t('mem-next-session', { recall: 'ask whether my tomato seedlings survived the cold' }, "There's a cold night forecast and my seedlings are still outside."),
  t('mem-next-session', { recall: "don't suggest the blue sofa again, we've ruled it out" }, 'My partner and I have been arguing over sofas for weeks.'),
  t('mem-next-session', { recall: 'continue the Italian lesson from the past tense' }, "I'm learning Italian before my sister's wedding in Florence."),
  t('mem-next-session', { recall: "check whether I've finished the first draft of my novel" }, "I've promised myself I'll finish my first draft by the end of the month."),
  t('mem-next-session', { recall: 'ask me how the job interview at the hospital went' }, 'I have an interview for a ward clerk job next week.'),
  t('mem-keep-in-mind', { fact: 'my husband is diabetic, so desserts need to be sugar-free' }, 'I do most of the cooking at home.'),
  t('mem-keep-in-mind', { fact: "I'm saving for a house, so I'm avoiding big purchases" }, 'We want to put down a deposit within two years.'),
  t('mem-keep-in-mind', { fact: "I'm a complete beginner at knitting" }, 'I just bought my first needles and a ball of wool.'),
  t('mem-keep-in-mind', { fact: "my dog can't have chicken" }, 'Our spaniel has a poultry allergy and I cook some of her food.'),
  t('mem-keep-in-mind', { fact: 'I live in Auckland, so my seasons are reversed' }, 'Half the seasonal advice I read is written for the northern hemisphere.'),
  t('mem-keep-in-mind', { fact: "I'm studying for the bar exam in February" }, 'Everything else in my life is on hold until then.'),
  t('mem-keep-in-mind', { fact: "I don't drink alcohol" }, 'Cocktail ideas keep coming up when I ask about party food.'),
  t('mem-keep-in-mind', { fact: 'my son has a nut allergy' }, 'I pack his school lunches every day.'),
  t('mem-keep-in-mind', { fact: "I'm red-green colour-blind" }, 'Charts with red and green lines are useless to me.'),
  t('mem-keep-in-mind', { fact: "I rent, so I can't make permanent changes to my flat" }, 'I keep getting DIY ideas that involve drilling into walls.'),
];

/** Written by hand for v1, outside any template. */
export const HAND_ROWS: readonly HandRow[] = [
  { category: 'deferred_delivery', request: 'Write me a good-luck message and send it to me right before my interview tomorrow at 10.', context: "I'm interviewing for a nursing position and my nerves are shot." },
  { category: 'deferred_delivery', request: "In an hour, send me the list of ingredients I'll need for the curry.", context: "I'm leaving work soon and will stop at the shop on the way home." },
  { category: 'deferred_delivery', request: 'On my birthday next Wednesday, send me a funny poem about turning fifty.', context: 'My friends have been teasing me all month about the big five-oh.' },
  { category: 'deferred_delivery', request: 'Send me a packing checklist the evening before my flight on Sunday.', context: 'I always forget chargers when I travel.' },
  { category: 'deferred_delivery', request: 'Once the clocks go back this month, send me tips for adjusting my sleep.', context: 'The time change always wrecks my sleep for a week.' },
  { category: 'deferred_delivery', request: 'Tomorrow at lunchtime, send me five conversation starters for a first date.', context: "I have a first date tomorrow evening and I'm terrible at small talk." },
  { category: 'deferred_delivery', request: "Send me the answer to 'what has keys but can't open locks' tomorrow, not now.", context: 'My daughter asked me this riddle and I want to keep guessing overnight.' },
  { category: 'deferred_delivery', request: 'Next Monday morning, send me a short plan for my first week at the new job.', context: 'I start as a junior accountant next Monday.' },
  { category: 'deferred_delivery', request: "This Sunday evening, send me a list of the week's chores split between two flatmates.", context: 'My flatmate and I keep arguing about who does the dishes.' },
  { category: 'deferred_delivery', request: 'At 7 tonight, send me a bedtime story I can read to my son.', context: 'My son has a new favourite stuffed dragon and wants stories about it.' },
  { category: 'memory', request: "Remember my shoe size is 44 so you don't have to ask me again.", context: 'I buy a lot of running shoes online.' },
  { category: 'memory', request: "Please remember that my mother's birthday is on June 3rd and bring it up when we next talk in late May.", context: 'I completely missed it this year and felt awful.' },
  { category: 'memory', request: "Remember that I've already tried restarting the router, so don't suggest it next time.", context: 'The internet keeps dropping every evening around 8.' },
  { category: 'memory', request: 'Save my favourite pizza order for next time: large, thin crust, olives and mushrooms.', context: 'We order pizza every Friday night.' },
  { category: 'memory', request: 'Next time I ask for a workout, remember that my left knee is injured.', context: 'I tore a ligament playing football in August.' },
  { category: 'memory', request: "Remember that my team's stand-up is at 9:30, so don't propose anything at that time in future.", context: 'I keep booking things over our daily stand-up.' },
  { category: 'memory', request: 'Remember the wine we liked in Porto for next time: a white from the Douro.', context: 'My wife and I just got back from a week in Portugal.' },
  { category: 'memory', request: "Don't forget that I'm moving to Leeds in December when you suggest things to do.", context: "I've accepted a job up north and I'm slowly packing." },
];
