import type { AppContext } from '#server/context.ts'
import { Prisma } from '#server/db/generated/client.ts'

/*
 * EXPLAIN for the query-plan tests: they plan the exact statements a domain function runs, with
 * its bound parameters, and assert which nodes and indexes the planner chose.
 */

export type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Plan Rows'?: number; Plans?: PlanNode[] }

function nodesOf(node: PlanNode): PlanNode[] {
	return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}

/** Every node of the statement's plan, root first. */
export async function explain(ctx: Pick<AppContext, 'db'>, query: Prisma.Sql): Promise<PlanNode[]> {
	const [row] = await ctx.db.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${query}`)
	return nodesOf(row!['QUERY PLAN'][0].Plan)
}

/** The nodes that read the opportunities table itself (a bitmap index scan names only its index). */
export const onOpportunities = (nodes: PlanNode[]) => nodes.filter((node) => node['Relation Name'] === 'opportunities')
