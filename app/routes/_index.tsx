export default function Index() {
	return <h1>Callboard</h1>
}
