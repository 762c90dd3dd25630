import type { ProseIntent } from './offline-intents.ts'
import type { Chain } from './offline-fit.ts'
import type { DraftTone } from './types.ts'

/*
 * What the offline drafter says, per intent and tone. Every sentence states only facts from the
 * profile, the call or the notes ({m} the mediums, {place} the artist's city and country, {opp} the
 * call, {cv} a CV line...) or general statements of intent; no awards, numbers, dates or names are
 * ever made up. Openings come in three variants so that answers of one draft open differently.
 *
 * Neutral is clear and measured; warm is personal and inviting; confident is direct and assured.
 */

export type Toned = Record<DraftTone, readonly Chain[]>

const toned = (neutral: Chain[], warm: Chain[], confident: Chain[]): Toned => ({ neutral, warm, confident })

export const OPENINGS: Record<ProseIntent, Toned> = {
	statement: toned(
		[
			[
				'My practice moves between {m}, and each medium changes how an idea takes shape.',
				'My practice is a way of giving ideas a physical form and testing them in the making.',
			],
			[
				'I work in {m}, letting ideas develop through the making rather than fixing them in advance.',
				'I let ideas develop through the making rather than fixing them in advance.',
			],
			[
				'At the centre of my practice is {m}, a way of working I keep returning to and questioning.',
				'At the centre of my practice is a habit of close looking that I keep returning to and questioning.',
			],
		],
		[
			[
				'For me, working in {m} is a way of paying close attention to the world and sharing what I find.',
				'For me, making art is a way of paying close attention to the world and sharing what I find.',
			],
			[
				'What I love most about working in {m} is the moment an idea starts to answer back.',
				'What I love most about making work is the moment an idea starts to answer back.',
			],
			[
				'Making work in {m} is how I think, and how I share what I notice with other people.',
				'Making work is how I think, and how I share what I notice with other people.',
			],
		],
		[
			[
				'My practice is built on {m}, and I use each medium with clear intent.',
				'My practice is built on clear intent: every decision in a work has a reason.',
			],
			[
				'I make work in {m} that asks people to look closely and stay with what they see.',
				'I make work that asks people to look closely and stay with what they see.',
			],
			[
				'I work in {m}, and I push each medium to carry the idea as directly as possible.',
				'I push every material I use to carry the idea as directly as possible.',
			],
		],
	),
	proposal: toned(
		[
			'For {opp}, I propose a new body of work[ in {m}].',
			'My proposal for {opp} is a project[ in {m}] that develops the central questions of my practice.',
			'I am proposing a project[ in {m}] made for {opp}[ and shaped by {stay}].',
		],
		[
			'For {opp}, I would love to create a new body of work[ in {m}].',
			'The project I hope to make for {opp} grows out of my work[ in {m}] and the questions I care about most.',
			'I am excited to propose a project[ in {m}] for {opp}[, shaped by its setting in {stay}].',
		],
		[
			'For {opp}, I will create a new body of work[ in {m}].',
			'My project for {opp} takes my work[ in {m}] in a clear new direction.',
			'I will make a project[ in {m}] designed specifically for {opp}[ and {stay}].',
		],
	),
	bio: toned(
		[
			['I am {name}, an artist[ working in {m}][, based in {place}].', 'I am an artist[ working in {m}][, based in {place}].'],
			[
				'I am {name}, an artist[ based in {place}][ whose practice spans {m}].',
				'I am an artist[ based in {place}][ whose practice spans {m}].',
			],
			[
				'I am {name}[, and my practice spans {m}][; I am based in {place}].',
				'I am an artist[ whose practice spans {m}][; I am based in {place}].',
			],
		],
		[
			[
				'My name is {name}, and I am an artist[ based in {place}][ who works in {m}].',
				'I am an artist[ based in {place}][ who loves working in {m}].',
			],
			[
				'I am {name}, an artist[ working in {m}][ from {place}], and I love sharing what I make.',
				'I am an artist[ working in {m}][ from {place}], and I love sharing what I make.',
			],
			[
				'I am {name}[, an artist who finds joy in {m}][, and I am based in {place}].',
				'I am an artist[ who finds joy in {m}][, and I am based in {place}].',
			],
		],
		[
			['I am {name}, an artist[ working in {m}][ from {place}].', 'I am an artist[ working in {m}][ from {place}].'],
			['I am {name}[, and I make work in {m}][ from {place}].', 'I am an artist[ making work in {m}][ from {place}].'],
			[
				'I am {name}[, an artist with a focused practice in {m}][, based in {place}].',
				'I am an artist[ with a focused practice in {m}][, based in {place}].',
			],
		],
	),
	motivation: toned(
		[
			'{opp} is a strong fit for where my practice is now.',
			'I am applying to {opp} because it matches the direction of my work[ in {m}].',
			'This {kind} comes at the right moment for my practice.',
		],
		[
			'I was genuinely excited to find {opp}, because it feels close to the work I want to make next.',
			'{opp} speaks to me because it values the kind of work I care about most.',
			'This {kind} would mean a great deal to me at this point in my practice.',
		],
		[
			'{opp} is the right next step for my practice.',
			'I am applying to {opp} because my work[ in {m}] is ready for it.',
			'This {kind} matches exactly what my practice needs now.',
		],
	),
	place: toned(
		[
			['Place matters in my work, and {place} is where it is made.', 'Place matters in my work, and it shapes what I notice.'],
			[
				'I am based in {place}, and that shapes how I would approach {stay}.',
				'Where I work shapes what I make, and I want to approach {stay} with that in mind.',
				'Where I work shapes what I make.',
			],
			[
				'My relationship to {stay} is one I want to explore through the work itself.',
				'My relationship to place is something I explore through the work itself.',
			],
		],
		[
			[
				'Place has a quiet but constant influence on my work, and {place} is where it is made.',
				'Place has a quiet but constant influence on my work.',
			],
			[
				'Being based in {place}, I would come to {stay} with open eyes and real curiosity.',
				'I would come to {stay} with open eyes and real curiosity.',
				'I come to every place with open eyes and real curiosity.',
			],
			[
				'I feel a real pull towards {stay}, and I would love to explore it through the work.',
				'I feel a real pull towards the places I work in, and I explore them through the work.',
			],
		],
		[
			['Place drives my work, and {place} is where it is made.', 'Place drives my work.'],
			[
				'Working from {place}, I know how strongly a place shapes a work, and {stay} will shape this one.',
				'I know how strongly a place shapes a work, and {stay} will shape this one.',
				'A place shapes a work, and I use that deliberately.',
			],
			['I will make {stay} part of the work itself.', 'I make the place I work in part of the work itself.'],
		],
	),
	history: toned(
		[
			'My experience has been built through sustained work[ in {m}].',
			'My record so far reflects a steady commitment to my practice[ in {m}].',
			'Over the course of my practice[ in {m}], a few moments stand out.',
		],
		[
			'Each step in my practice[ in {m}] has taught me something, and these are the ones I value most.',
			'I am grateful for the chances I have had to develop and share my work[ in {m}].',
			'Looking back, these are the experiences that have shaped my work[ in {m}].',
		],
		[
			'My track record shows a consistent, developing practice[ in {m}].',
			'My experience[ in {m}] has prepared me well for this.',
			'These are the highlights of my record so far.',
		],
	),
	budget: toned(
		[
			'The funds would go directly into making the work[ in {m}].',
			'I have planned the budget around what the work needs to be made well.',
			'Every part of this budget supports the production of the work.',
		],
		[
			'This support would go straight into the work[ in {m}] and the time it needs.',
			'I have thought carefully about how to make every part of this support count.',
			'Every part of this budget is there to help the work come to life.',
		],
		[
			'The budget goes straight into production[ of the work in {m}].',
			'The budget is lean and focused on what the work needs.',
			'Every line of this budget serves the production of the work.',
		],
	),
	timeline: toned(
		[
			'I plan the project in three stages: research, production and presentation.',
			'The project moves through research, production and presentation, with time built in to review the work.',
			'The work is planned in clear stages, from research to presentation.',
		],
		[
			'I like to give a project room to breathe, so I plan it in three stages: research, making and sharing.',
			'I would take the project step by step, from research to making to sharing it with others.',
			'I have planned the work in gentle, clear stages, so that each one can inform the next.',
		],
		[
			'The project runs in three clear stages: research, production and presentation.',
			'The schedule is simple and realistic: research, production, presentation.',
			'I have a clear plan, from research to presentation.',
		],
	),
	community: toned(
		[
			'I want the work to reach people beyond the usual art audience.',
			'Engagement is part of how the work is made, not an afterthought.',
			'[In {site}, ]I would work with the people the project is for, not only present it to them.',
		],
		[
			'I care about the people who meet the work, and I want them to feel part of it.',
			'For me, the conversations around a work matter as much as the work itself.',
			'I would love to open the process up to the people around it[ in {site}].',
		],
		[
			'The work is made to reach people, not just to be seen.',
			'Engagement is built into the project from the start.',
			'[In {site}, ]I will work directly with the people the project is for.',
		],
	),
	process: toned(
		[
			'My process[ in {m}] moves from research and testing to careful production.',
			'I start with tests and small studies[ in {m}] before committing to the final piece.',
			'Technically, the work relies on the methods I use every day[ in {m}].',
		],
		[
			'I love the slow part of the process[ in {m}]: testing, adjusting and getting to know the materials.',
			'I begin with small, playful studies[ in {m}] and let the final piece grow from them.',
			'The way I make work[ in {m}] is hands-on and patient.',
		],
		[
			'My process[ in {m}] is rigorous: research, tests, then production.',
			'I test every element[ in {m}] before committing to the final piece.',
			'I know my methods[ in {m}] inside out, and the work relies on them.',
		],
	),
	access: toned(
		[
			[
				'I am happy to discuss any practical arrangements with {org} directly.',
				'I am happy to discuss any practical arrangements directly.',
			],
		],
		[
			[
				'I would be glad to talk through any practical arrangements with {org}.',
				'I would be glad to talk through any practical arrangements.',
			],
		],
		[['I will confirm any practical arrangements with {org} directly.', 'I will confirm any practical arrangements directly.']],
	),
	generic: toned(
		[
			'I approach this as an artist[ working in {m}][, based in {place}].',
			'My practice[ in {m}] is the starting point for everything I bring to this.',
			'As an artist[ working in {m}], I see this through the lens of my own practice.',
		],
		[
			'I am an artist[ working in {m}][, based in {place}], and I am glad to share how I see this.',
			'Everything I bring to this comes from my practice[ in {m}], which I care about deeply.',
			'As an artist[ who loves working in {m}], I see this through the lens of my own practice.',
		],
		[
			'I am an artist[ working in {m}][, based in {place}], and my practice gives me a clear view on this.',
			'My practice[ in {m}] is the foundation for everything I bring to this.',
			'As an artist[ working in {m}], I approach this with clarity and purpose.',
		],
	),
}

/** History openings when there is no list to introduce. */
export const HISTORY_WITHOUT_LIST: Toned = toned(
	[
		'My experience has been built through sustained work[ in {m}][ in {city}].',
		'My record so far reflects a steady commitment to my practice[ in {m}].',
		'My practice[ in {m}] has grown through steady, sustained work.',
	],
	[
		'Every step in my practice[ in {m}] has taught me something I carry into the next work.',
		'I am grateful for every chance I have had to develop my work[ in {m}].',
		'My practice[ in {m}] has grown step by step, and I value each stage of it.',
	],
	[
		'My practice[ in {m}] is consistent and developing.',
		'My experience[ in {m}] has prepared me well for this.',
		'I have built my practice[ in {m}] through steady, serious work.',
	],
)

/** Third-person openings of a biography ("Biography (third person)"), which needs the artist's name. */
export const BIO_THIRD: Toned = toned(
	['{name} is an artist[ working in {m}][, based in {place}].'],
	['{name} is an artist[ based in {place}][ who loves working in {m}].'],
	['{name} is an artist[ with a focused practice in {m}][, based in {place}].'],
)

/** Supporting sentences, one chain per tone. */
export const SAY = {
	place: toned(
		['I am based in {place}, and the work grows out of that context.'],
		['{place} is where I am based, and much of what I make begins there.'],
		['I work from {place}, and the work carries that context with it.'],
	),
	matchFocus: toned(
		['The call’s focus on {match} is at the heart of my own practice.'],
		['I was delighted to see {match} at the heart of this call, because it is at the heart of my practice too.'],
		['The call’s focus on {match} is exactly where my practice sits.'],
	),
	themeFocus: toned(
		['I have written this with the call’s focus on {theme} in mind.'],
		['I was glad to see the call’s focus on {theme}, and I have kept it close while writing this.'],
		['This application responds directly to the call’s focus on {theme}.'],
	),
	cv: toned(['My CV includes {cv}.'], ['One moment I am proud of is {cv}.'], ['My record includes {cv}.']),
	oppFurther: toned(
		['{opp} would give me the space to take this further[ with {org}].'],
		['I would love to take this further through {opp}[ with {org}].'],
		['{opp} is the right place to take this further[ with {org}].'],
	),
	website: toned(
		['More of the work can be seen at {website}.'],
		['You are warmly invited to see more of the work at {website}.'],
		['The full body of work is at {website}.'],
	),
	stages: toned(
		['The work will develop in stages: research, making and presentation, with time at each stage to test and adjust.'],
		['I want to leave room for research, making and sharing, so the work can respond to what I find along the way.'],
		['The process is clear: research first, then production, then presentation.'],
	),
	studies: toned(
		['Working in {m}, I will develop the piece through studies and tests before final production.'],
		['I will start with small studies in {m}, letting the final piece grow from them.'],
		['I will test every element in {m} before committing to final production.'],
	),
	setting: toned(
		['Developing it in {stay} lets the work respond directly to its setting.'],
		['Making the work in {stay} would let it grow from the place itself.'],
		['The work will respond directly to {stay}.'],
	),
	answersMatch: toned(
		['The project sits squarely within the call’s focus on {match}.'],
		['It sits happily within the call’s focus on {match}.'],
		['It sits squarely within the call’s focus on {match}.'],
	),
	answersTheme: toned(
		['The project is shaped with the call’s interest in {theme} in mind.'],
		['I have shaped it with care around the call’s interest in {theme}.'],
		['It is designed around the call’s interest in {theme}.'],
	),
	buildsOn: toned(
		['It builds on my previous work, including {cv}.'],
		['It grows naturally from earlier work, including {cv}.'],
		['It builds on a track record that includes {cv}.'],
	),
	outcome: toned(
		[
			[
				'The outcome will be a finished work ready to be shared with {org} and its audience.',
				'The outcome will be a finished work ready to be shown and discussed.',
			],
		],
		[
			[
				'I would love for the finished work to be shared with {org} and its audience.',
				'I would love for the finished work to be seen and talked about.',
			],
		],
		[['The result will be a finished work ready for {org} and its audience.', 'The result will be a finished work, ready to be shown.']],
	),
	cvList: toned(
		['My CV includes {list}.'],
		['Along the way, I have been glad to count {list} among my milestones.'],
		['My record includes {list}.'],
	),
	cvListThird: toned(['{short}’s CV includes {list}.'], ['{short}’s milestones include {list}.'], ['{short}’s record includes {list}.']),
	interests: toned(
		['I am especially interested in {interests} that support new work.'],
		['I am always glad to find {interests} that give new work room to grow.'],
		['I pursue {interests} that push my work forward.'],
	),
	interestsThird: toned(
		['{short} is especially interested in {interests} that support new work.'],
		['{short} loves finding {interests} that give new work room to grow.'],
		['{short} pursues {interests} that push the work forward.'],
	),
	websiteBio: toned(
		['More of my work is at {website}.'],
		['You can see more of my work at {website}.'],
		['My full portfolio is at {website}.'],
	),
	websiteThird: toned(
		['More of {short}’s work is at {website}.'],
		['You can see more of {short}’s work at {website}.'],
		['{short}’s full portfolio is at {website}.'],
	),
	match: toned(
		['The call’s focus on {match} is central to my own work.'],
		['The call’s focus on {match} is close to my heart, as it is at the centre of my own work.'],
		['The call’s focus on {match} is exactly where my work sits.'],
	),
	theme: toned(
		['The call’s attention to {theme} gives the work a clear frame, and I have kept it in mind throughout.'],
		['I was glad to see the call’s attention to {theme}, and I have kept it close throughout.'],
		['The call’s attention to {theme} frames this application.'],
	),
	time: toned(
		['It would give me time and support to develop new work with focus.'],
		['Above all, it would give me the time and care to let new work grow.'],
		['It gives me the time and support to produce new work at full strength.'],
	),
	elsewhere: toned(
		[
			[
				'Being in {stay} would open my work to a new context[, beyond my base in {city}].',
				'As I am based in {local}, I can take part fully and bring the work to my own community.',
			],
		],
		[
			[
				'Spending time in {stay} would bring fresh energy to my work[, beyond my base in {city}].',
				'Being based in {local}, I would love to bring the work to my own community.',
			],
		],
		[
			[
				'Working in {stay} will put my work in a new context[, beyond my base in {city}].',
				'I am based in {local}, so I can commit fully and bring the work to my own community.',
			],
		],
	),
	org: toned(
		['I would value the chance to work with {org}.'],
		['I would love to be part of what {org} is building.'],
		['{org} is the partner I want for this stage of my work.'],
	),
	nextStep: toned(
		['It builds on what I have done so far, including {cv}.'],
		['It feels like a natural next step after {cv}.'],
		['It is the logical next step after {cv}.'],
	),
	lookClosely: toned(
		['Working in {stay} would let me look at it closely[, as an artist coming from {place}].'],
		['I would love to spend real time in {stay}[, bringing my perspective from {place}].'],
		['I will work in {stay} with a clear eye[, bringing my perspective from {place}].'],
	),
	respondThrough: toned(
		['I would respond to it through {m}.'],
		['I would respond to it through {m}, the way I know best.'],
		['My response will take shape in {m}.'],
	),
	noList: toned(
		['[Alongside my practice in {m}, ]I am building my record through {interests}.'],
		['[Alongside my practice in {m}, ]I am growing my record through {interests}, one step at a time.'],
		['[Alongside my practice in {m}, ]I am building my record through {interests}.'],
	),
	fullRecord: toned(
		['A fuller record of my work is at {website}.'],
		['You can find more about my work at {website}.'],
		['My full record is at {website}.'],
	),
	costs: toned(
		['The main costs are materials[ for {m}], production time and documentation of the finished work.'],
		['Most of it would cover materials[ for {m}], time to make the work, and good documentation of it.'],
		['The main costs are materials[ for {m}], production time and professional documentation.'],
	),
	amount: toned(
		['The request stays within the {amount} the call offers.'],
		['I have kept the request within the {amount} the call offers.'],
		['The request stays within the call’s {amount}.'],
	),
	travel: toned(
		['It would also cover travel between {city} and {site}.'],
		['It would also help with travel between {city} and {site}.'],
		['It also covers travel between {city} and {site}.'],
	),
	partial: toned(
		['If the award covers only part of these costs, I will prioritise production and scale the presentation to match.'],
		['If only part of it can be covered, I will put production first and adapt the rest with care.'],
		['If the award is partial, production comes first and the presentation scales to match.'],
	),
	research: toned(
		[
			[
				'After the {deadline} deadline, the first stage is research and preparation[: gathering material and testing ideas in {m}].',
				'The first stage is research and preparation[: gathering material and testing ideas in {m}].',
			],
		],
		[
			[
				'After the {deadline} deadline, I would begin gently with research and preparation[, gathering material and trying out ideas in {m}].',
				'I would begin gently with research and preparation[, gathering material and trying out ideas in {m}].',
			],
		],
		[
			[
				'Right after the {deadline} deadline, research and preparation start[: gathering material and testing ideas in {m}].',
				'Research and preparation come first[: gathering material and testing ideas in {m}].',
			],
		],
	),
	production: toned(
		['Production follows, with the main making of the work[ and time on site in {stay}].'],
		['Then comes the part I love most: making the work[, including time on site in {stay}].'],
		['Production follows: the main making of the work[, with time on site in {stay}].'],
	),
	presentation: toned(
		['The final stage is presentation: finishing, documenting and sharing the work[ with {org}].'],
		['Finally, I would finish, document and share the work[ with {org}] and the people around it.'],
		['The final stage is presentation: finishing, documenting and showing the work[ with {org}].'],
	),
	review: toned(
		['I will review progress at the end of each stage and adjust the plan if needed.'],
		['I will pause at the end of each stage to reflect and adjust where needed.'],
		['Each stage ends with a review, so the plan stays on track.'],
	),
	invite: toned(
		['I would invite people into the process through open sessions and conversations[ in {site}].'],
		['I would love to welcome people into the process through open sessions and shared conversations[ in {site}].'],
		['I will bring people into the process through open sessions and conversations[ in {site}].'],
	),
	physical: toned(
		['Working in {m} gives people a direct, physical way into the work.'],
		['Working in {m} gives people a warm, direct way into the work.'],
		['Working in {m} gives people a direct way into the work.'],
	),
	reflects: toned(
		['I would shape this with the call’s interest in {focus} in mind.'],
		['I would shape this gently around the call’s interest in {focus}.'],
		['This is designed around the call’s interest in {focus}.'],
	),
	accessible: toned(
		['I will adapt the format to the people who take part and keep it as accessible as I can.'],
		['I will shape the format around the people who take part, and keep it as welcoming and accessible as I can.'],
		['I will adapt the format to the people who take part and keep it accessible.'],
	),
	planStages: toned(
		['I plan each stage so that materials, tools and time are clear before production starts.'],
		['I like to plan each stage carefully, so that materials, tools and time are clear before I begin.'],
		['Every stage is planned: materials, tools and time are fixed before production starts.'],
	),
	document: toned(
		['I document each stage, so the process can be reviewed and shared.'],
		['I document each stage, so the process can be shared as openly as the result.'],
		['Every stage is documented, so the process can be reviewed.'],
	),
	confirm: toned(
		[
			[
				'I will confirm any technical details with {org} before the work is shown.',
				'I will confirm any technical details before the work is shown.',
			],
		],
		[
			[
				'I would be glad to go through any technical details with {org} before the work is shown.',
				'I would be glad to go through any technical details before the work is shown.',
			],
		],
		[
			[
				'I will settle every technical detail with {org} before the work is shown.',
				'I will settle every technical detail before the work is shown.',
			],
		],
	),
	venue: toned(
		['Shown in {venue}, the work would meet a new audience.'],
		['I would love for the work to meet new people in {venue}.'],
		['In {venue}, the work will reach a new audience.'],
	),
	practiceWhy: toned(
		['I am interested in what happens when a viewer slows down, and I make work that rewards that attention.'],
		['I hope people leave my work having noticed something they would otherwise have walked past.'],
		['My work is made to hold attention, and it rewards people who give it time.'],
	),
	developing: toned(
		['Each new work starts from what the previous one left unresolved, so the practice develops as a connected body of work.'],
		['Each new piece grows out of the one before, and I love watching the body of work find its own threads.'],
		['Each work builds on the last, and the practice develops with clear direction.'],
	),
	whyNow: toned(
		['The timing is right: the project builds directly on where my practice is now.'],
		['It feels like the right time for this project, as it grows directly from where my practice is now.'],
		['Now is the right time for this project: my practice is ready for it.'],
	),
	scope: toned(
		['I will keep the scope realistic, so that the work can be finished to a high standard in the time available.'],
		['I want to keep the scope kind and realistic, so the work can be finished with the care it deserves.'],
		['The scope is realistic, and the work will be finished to a high standard.'],
	),
	documentProcess: toned(
		['I will document the process as well as the result, so the project can be shared beyond its first showing.'],
		['I will document the journey as well as the result, so more people can share in it.'],
		['The process will be documented alongside the result, so the project lives beyond its first showing.'],
	),
	stage: toned(
		['At this stage, what my practice needs most is time, focus and a context that takes the work seriously.'],
		['At this point, what I need most is the time and encouragement to go deeper.'],
		['At this stage, my practice needs time, focus and the right context, and this offers all three.'],
	),
	pushFurther: toned(
		['It would let me take my work in {m} further than I can on my own.'],
		['It would help me take my work in {m} further than I could manage alone.'],
		['It will let me push my work in {m} further than I can on my own.'],
	),
	commit: toned(
		['I would commit fully to the opportunity and make the most of the time it gives.'],
		['I would throw myself into it wholeheartedly and treasure the time it gives.'],
		['I will commit fully and use every part of the time it gives.'],
	),
	roots: toned(
		['I notice how a place holds its history in its buildings, materials and habits, and that is where my work often begins.'],
		['I love how a place holds its history in its buildings, materials and habits, and my work often begins there.'],
		['A place holds its history in its buildings, materials and habits, and my work starts there.'],
	),
	attention: toned(
		['I approach a place by spending time in it and letting the work take its cues from what I find.'],
		['I like to get to know a place slowly, letting the work take its cues from what I find.'],
		['I approach a place directly: time on the ground first, then the work.'],
	),
	together: toned(
		['Together, these show a practice that has developed steadily[ across {m}].'],
		['Together, they trace a practice[ in {m}] that I have built with care.'],
		['Together, they show a practice[ in {m}] that keeps moving forward.'],
	),
	fees: toned(
		['Where possible, I have budgeted fairly for my own time as well as for materials and services.'],
		['I have tried to value my own time fairly, alongside materials and services.'],
		['The budget pays fairly for my own time as well as for materials and services.'],
	),
	docShare: toned(
		['A share is set aside for documentation, so the finished work can be shared beyond its first showing.'],
		['A little is set aside for documentation, so the finished work can reach more people.'],
		['A share goes to documentation, so the work reaches beyond its first showing.'],
	),
	buffer: toned(
		['I have left time for testing and for unexpected delays between stages.'],
		['I have left some breathing room between stages for testing and the unexpected.'],
		['The schedule includes time for testing and for delays.'],
	),
	docAlong: toned(
		['Documentation runs alongside every stage, not only at the end.'],
		['I will document as I go, not only at the end.'],
		['Documentation runs through every stage.'],
	),
	listening: toned(
		['I see engagement as listening as much as presenting: what people bring can change the work.'],
		['For me, engagement is about listening: what people bring often changes the work for the better.'],
		['Engagement means listening, and what people bring will shape the work.'],
	),
	shareBack: toned(
		['I would share what comes out of these sessions openly, so participants can see their part in the finished work.'],
		['I would love for everyone who takes part to see their part in the finished work.'],
		['Participants will see their part in the finished work.'],
	),
	materials: toned(
		['I choose materials for how they behave over time as well as for how they look.'],
		['I choose materials I love to handle, for how they age as well as how they look.'],
		['I choose materials for how they perform over time, not only for how they look.'],
	),
	adapt: toned(
		['I can adapt the technical set-up to the space and resources available.'],
		['I am happy to adapt the set-up to the space and resources available.'],
		['The set-up adapts to the space and resources available.'],
	),
	values: toned(
		['I value care and clarity in how work is made and shared.'],
		['Care and honesty matter deeply to me, in how work is made and in how it is shared.'],
		['I hold my work to clear standards, in how it is made and how it is shared.'],
	),
	oppMatters: toned(
		['I see {opp} as a chance to develop this further.'],
		['I see {opp} as a lovely chance to develop this further.'],
		['{opp} is the chance to take this further.'],
	),
	milestones: toned(
		['Each stage ends with a clear milestone: a tested idea, a finished piece, a public showing.'],
		['Each stage has its own small milestone to celebrate: a tested idea, a finished piece, a first showing.'],
		['Each stage ends with a concrete milestone: a tested idea, a finished piece, a public showing.'],
	),
	contingency: toned(
		['I have kept a small margin for unexpected costs, so the work is not compromised late in production.'],
		['I have kept a little aside for the unexpected, so the work does not suffer late in production.'],
		['A small margin covers unexpected costs, so the work is never compromised late in production.'],
	),
	tools: toned(
		['I keep the technical set-up as simple as the work allows, so that it is reliable wherever it is shown.'],
		['I like to keep the technical side as simple as the work allows, so it is easy to look after wherever it goes.'],
		['The technical set-up is as simple as the work allows, and reliable wherever it is shown.'],
	),
	callQuote: toned(
		['I was struck by the call’s emphasis here: “{quote}”'],
		['One line in the call stayed with me: “{quote}”'],
		['The call is clear: “{quote}”'],
	),
	developingThird: toned(
		['Each new work by {short} grows out of the questions the previous one left open.'],
		['Each new piece by {short} grows gently out of the one before.'],
		['Each work {short} makes builds on the last, with clear direction.'],
	),
	practiceWhyThird: toned(
		['{short}’s work asks viewers to slow down, and rewards that attention.'],
		['{short} hopes people leave the work having noticed something they would otherwise have walked past.'],
		['{short} makes work that holds attention and rewards people who give it time.'],
	),
} satisfies Record<string, Toned>

/** Closing sentences, rotated by the answer's position so that answers of one draft end differently. */
export const CLOSINGS: Toned = toned(
	[
		'Thank you for considering my application to {opp}.',
		['I would welcome the opportunity to develop this work with {org}.', 'I would welcome the opportunity to develop this work further.'],
		'I look forward to the possibility of taking part in {opp}.',
		'{opp} would be a meaningful next step for this work.',
		'I hope this gives a clear picture of what I would bring to {opp}.',
	],
	[
		'Thank you so much for reading, and for the care that goes into {opp}.',
		['It would be a joy to develop this work with {org}.', 'It would be a joy to develop this work further.'],
		'I would be truly glad to be part of {opp}.',
		'I hope this gives you a feel for what I would bring, and why it matters to me.',
		'I would love the chance to share this work through {opp}.',
	],
	[
		'I am ready to make the most of {opp}.',
		['With the support of {org}, this work will reach its full potential.', 'With this support, the work will reach its full potential.'],
		'I am confident this work belongs in {opp}.',
		'This is the right moment, and {opp} is the right place.',
		'I will bring focus and commitment to every stage of {opp}.',
	],
)

/** What a medium gives the practice (statement) and how the artist works in it (process), first person. */
export const MEDIUM_SENTENCES: Record<string, [string, string]> = {
	painting: [
		'In painting, I build an image slowly, so that the time spent on it stays visible in the surface.',
		'When I paint, I move between quick studies and long, layered sessions.',
	],
	drawing: [
		'Drawing is where ideas first take shape for me, quickly and without pretence.',
		'When I draw, I work quickly and often, keeping the drawings that open a new direction.',
	],
	sculpture: [
		'In sculpture, I think about weight, scale and how a body moves around an object.',
		'When I make sculpture, I test form at small scale before moving to full size.',
	],
	photography: [
		'Photography lets me hold on to moments and places, and look at them again more slowly.',
		'When I photograph, I return to the same subjects over time rather than looking for single images.',
	],
	'digital art': [
		'Digital tools let me build systems and images that can change, respond and travel.',
		'When I work digitally, I prototype early and test how the work behaves on different screens.',
	],
	video: [
		'In video, time becomes a material I can cut, stretch and repeat.',
		'When I work with video, I shoot widely and find the structure of the work in the edit.',
	],
	installation: [
		'Installation lets me shape a whole space, so that the viewer’s movement becomes part of the work.',
		'When I make installations, I plan with models and drawings of the space before building on site.',
	],
	performance: [
		'In performance, the work exists in the time I share with the audience.',
		'When I develop a performance, I work from scores and test them in front of small audiences.',
	],
	ceramics: [
		'Clay keeps a record of every touch, and firing makes that record permanent.',
		'When I work in clay, I make tests and small pieces before committing to a firing.',
	],
	textiles: [
		'Textiles carry histories of labour and care, and I work with that weight in every piece.',
		'When I work with textiles, I sample techniques and materials before working at scale.',
	],
	printmaking: [
		'The layers and repetitions of printmaking let me work in series and test small variations.',
		'When I make prints, I proof carefully and adjust each layer before editioning.',
	],
	'mixed media': [
		'Working in mixed media lets me bring together materials that would not usually meet.',
		'When I work in mixed media, I gather materials first and let the combinations suggest the form.',
	],
}

/** The same for a medium the list above does not know. */
export const ANY_MEDIUM: [string, string] = [
	'In {medium}, I look for the point where the material and the idea meet.',
	'When I work in {medium}, I test ideas at small scale before committing to the final form.',
]
