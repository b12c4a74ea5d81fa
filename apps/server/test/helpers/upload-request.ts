import http from 'node:http';

/** An upload's answer as the tests read it. */
export interface UploadAnswer {
  status: number;
  text: string;
  retryAfter: string | undefined;
}

/** An upload on its way: its answer, and its request to destroy when the test holds it open. */
export interface UploadRequest {
  answer: Promise<UploadAnswer>;
  request: http.ClientRequest;
}

/**
 * POSTs a JSON body declared `declaredBytes` long on its own connection: the whole of `body`
 * when it is that long, otherwise only `body`, the request left open (a slow upload, ADR 027).
 */
export function sendUpload(
  origin: string,
  path: string,
  body: Buffer,
  declaredBytes: number = body.length,
  token?: string,
): UploadRequest {
  // Keep-alive, as browsers send: a refused upload's body is then discarded by the server as it
  // arrives and the answer read whole. With `Connection: close` the server shuts the socket
  // after answering while the body is still being written, and the client may see EPIPE first.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = http.request(new URL(path, origin), {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': declaredBytes,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        agent.destroy();
        resolve({
          status: response.statusCode ?? 0,
          text,
          retryAfter: response.headers['retry-after'],
        });
      });
    });
    request.on('error', reject);
  });
  if (body.length >= declaredBytes) request.end(body);
  else request.write(body);
  return { answer, request };
}
