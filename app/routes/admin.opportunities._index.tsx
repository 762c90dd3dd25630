// The sidebar's "Opportunities" page is the dashboard's list: one module, two addresses.
export { default, ErrorBoundary, loader, meta } from './admin._index.tsx'
