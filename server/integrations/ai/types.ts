/*
 * The AI drafter: writes one application answer at a time from the grounding the drafting domain
 * assembles (server/domain/drafting). Two implementations, chosen once from the environment
 * (./index.ts): the Anthropic Messages API when ANTHROPIC_API_KEY is set, and the offline drafter
 * otherwise. Neither reads the database or storage: everything they may use arrives in the request.
 * The domain normalises what they return to the question's type and fits it to its limit
 * (server/domain/drafting/answer-fit.ts).
 */

export type DraftTone = 'neutral' | 'warm' | 'confident'

/** Which plan the artist is on: Pro gets the stronger model ("advanced AI assistance"). */
export type DraftTier = 'free' | 'pro'

/** One application question, as the draft's snapshot holds it. */
export type DraftQuestion = {
	slug: string
	label: string
	helpText: string | null
	/** short_text, long_text, multiple_choice, multi_select, url, number; anything else reads as long_text. */
	type: string
	required: boolean
	options: string[]
	limitType: 'words' | 'chars' | null
	limitValue: number | null
}

/**
 * What every answer of one draft shares, in a fixed order: the Anthropic drafter sends it as an
 * identical, cached prompt prefix, so it must not vary from one answer to the next.
 */
export type DraftGrounding = {
	tone: DraftTone
	artist: {
		fullName: string | null
		city: string | null
		country: string | null
		mediums: string[]
		interests: string[]
		websiteUrl: string | null
		links: { kind: string; url: string }[]
		/** The profile ingest's artist brief (profile lines plus the CV's text), when there is one. */
		brief: string | null
	}
	opportunity: {
		title: string
		organization: string
		location: string | null
		/** yyyy-MM-dd */
		deadline: string | null
		category: string | null
		description: string
		tags: string[]
		url: string | null
	}
	/** Every question of the draft, in order: answers must not repeat each other, and must state shared facts alike. */
	questions: DraftQuestion[]
}

/** A file the artist attached to a question's context, ready to send. */
export type ContextAttachment =
	/** A JPG or PNG, base64, sent as an image. */
	| { kind: 'image'; name: string; mediaType: 'image/jpeg' | 'image/png'; data: string }
	/** A PDF's text, extracted locally by the bounded parser (a PDF itself is never sent). */
	| { kind: 'text'; name: string; text: string }
	/** A file that could not be used (too large, unreadable): the model is told it exists and why it is missing. */
	| { kind: 'omitted'; name: string; reason: string }

export type AnswerContext = {
	/** The artist's notes for this question: the opportunity's, then the draft's own (for Regenerate). */
	notes: string[]
	attachments: ContextAttachment[]
}

export type AnswerRequest = {
	grounding: DraftGrounding
	/** Index into grounding.questions of the question to answer. */
	questionIndex: number
	context: AnswerContext
	tier: DraftTier
	/** Regenerate: the text the new answer replaces (the offline drafter words it differently; the model does by itself). */
	replacing?: string
	signal?: AbortSignal
}

export type RefitRequest = AnswerRequest & {
	/** The answer that came out over the limit. */
	answer: string
	/** Its length in the question's unit (words or characters, counted as the page counts them). */
	count: number
}

export type AnswerResult = {
	text: string
	/** Input plus output tokens this call used (0 for the offline drafter). */
	tokensUsed: number
	/** The model that wrote it ("offline" for the offline drafter). */
	model: string
}

export interface Drafter {
	readonly kind: 'anthropic' | 'offline'
	/** The model a draft of this tier is written with, as stored on the draft. */
	modelFor(tier: DraftTier): string
	/**
	 * Writes the answer to grounding.questions[questionIndex]. Throws when it cannot (after the SDK's
	 * own retries); the domain then marks that answer failed.
	 */
	writeAnswer(request: AnswerRequest): Promise<AnswerResult>
	/** Rewrites an over-limit answer once to fit the question's limit. */
	refitAnswer(request: RefitRequest): Promise<AnswerResult>
}
