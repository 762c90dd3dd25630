/**
 * Whether a Content-Type names a multipart form with its boundary, in any case, as the multipart
 * parser reads it: the one test of "this body streams as an upload". The body limits give such a
 * body a route's upload limit, so every action on those routes must send it to the streaming
 * parser by this same test, never to `request.formData()`, which would hold it all in memory.
 */
export const isMultipartForm = (contentType: string | null | undefined) => /^multipart\/form-data\s*;/i.test(contentType ?? '')
