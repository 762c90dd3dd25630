/** URLs of the questions tab and its panels, in one place. */
export const questionsPath = (opportunityId: string) => `/admin/opportunities/${opportunityId}/questions`
export const questionPath = (opportunityId: string, questionId: string) => `${questionsPath(opportunityId)}/${questionId}`

/** The route id of the questions tab, for its children's useRouteLoaderData. */
export const QUESTIONS_ROUTE_ID = 'routes/admin.opportunities.$id.questions'
