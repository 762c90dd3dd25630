// The bench's yardstick: a bare node:http server answering one small fixed HTML page. Every page
// of the app is reported as a fraction of this server's rate, measured in the same run at the same
// connection count, because absolute figures on a shared 2-core machine mean little.
//
// It runs as a child process of its own (bench/processes.ts forks it), so it does not share an
// event loop with autocannon in the bench process: otherwise the yardstick would be slowed by the
// load generator and look closer to the app than it is. It tells its parent its port over IPC.
import { createServer } from 'node:http'

const PAGE = Buffer.from(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Baseline</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Bare Node</h1><p>The same small page for every request, from node:http alone.</p></main></body>
</html>
`)

const server = createServer((_req, res) => {
	res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': PAGE.length })
	res.end(PAGE)
})

server.listen(0, '127.0.0.1', () => {
	process.send?.({ port: server.address().port })
})

// The parent gone (even killed) means the bench is over.
process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
