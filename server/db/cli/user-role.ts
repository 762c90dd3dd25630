// npm run user:role -- <email> <user|admin>
import { setUserRole } from '#server/domain/accounts/roles.ts'
import { runWithDatabase } from './with-database.ts'

const [email, role] = process.argv.slice(2)
if (!email || !role) {
	console.error('Usage: npm run user:role -- <email> <user|admin>')
	process.exit(2)
}

await runWithDatabase(async (ctx) => {
	const result = await setUserRole(ctx, { email, role: role as 'user' | 'admin' })
	console.log(`${email}: role ${result.previous} → ${result.role}`)
})
