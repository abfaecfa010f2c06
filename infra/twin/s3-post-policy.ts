/**
 * S3's checks of a browser-based upload (POST Object with a SigV4-signed policy), which s3rver
 * skips: it stores any multipart POST, policy or not, with whatever Content-Type a field names.
 * The gateway runs this on every POST to /s3/* before anything reaches s3rver; refusals are S3's
 * (status, XML error code and message). https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { BUCKETS, REGION } from './bootstrap.js';

/** s3rver's fixed dummy key pair, which the functions sign with (functions/lib/clients.ts): public, not a secret. */
const SECRET_KEYS = new Map([['S3RVER', 'S3RVER']]);

interface FormParser {
  on(event: 'field', cb: (name: string, value: string) => void): this;
  on(event: 'file', cb: (name: string, stream: Readable) => void): this;
  on(event: 'finish', cb: () => void): this;
  on(event: 'error', cb: (e: Error) => void): this;
  end(chunk: Buffer): void;
}
// The very busboy s3rver parses forms with (its own dependency, same version, same defaults): the
// check sees exactly the fields and file s3rver will store, so no parser difference can slip by.
const requireHere = createRequire(import.meta.url);
const Busboy = createRequire(requireHere.resolve('s3rver'))('busboy') as new (opts: { headers: Record<string, string> }) => FormParser;

export interface S3Refusal {
  status: number;
  body: string;
}

const xml = (s: string | number) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function refuse(status: number, code: string, message: string, extra: Record<string, string | number> = {}): S3Refusal {
  const more = Object.entries(extra)
    .map(([k, v]) => `<${k}>${xml(v)}</${k}>`)
    .join('');
  return { status, body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message>${more}</Error>` };
}
const accessDenied = () => refuse(403, 'AccessDenied', 'Access Denied');
const notPolicy = (why: string) => refuse(403, 'AccessDenied', `Invalid according to Policy: ${why}`);
const badPolicy = (why: string) => refuse(400, 'InvalidPolicyDocument', `Invalid Policy: ${why}`);
const missing = (field: string) =>
  refuse(400, 'InvalidArgument', `Bucket POST must contain a field named '${field}'.  If it is specified, please check the order of the fields.`, {
    ArgumentName: field,
    ArgumentValue: '',
  });

/** The form as S3 reads it: the fields before the file (S3 ignores what follows it), and the file. */
interface Form {
  fields: { name: string; value: string }[];
  file?: Buffer;
  /** Files under other names before `file`: S3 takes exactly one file per POST. */
  otherFiles: number;
}

function parseForm(contentType: string, body: Buffer): Promise<Form> {
  return new Promise((resolve, reject) => {
    const form: Form = { fields: [], otherFiles: 0 };
    let sawFile = false;
    let fileDone: Promise<void> = Promise.resolve();
    const parser = new Busboy({ headers: { 'content-type': contentType } });
    parser.on('field', (name, value) => {
      if (sawFile) return;
      // A `file` part without a filename comes as a field; s3rver stores it as the file all the same.
      if (name !== 'file') return void form.fields.push({ name, value });
      sawFile = true;
      form.file = Buffer.from(value);
    });
    parser.on('file', (name, stream) => {
      if (sawFile || name !== 'file') {
        if (!sawFile) form.otherFiles++;
        stream.resume();
        return;
      }
      sawFile = true;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      fileDone = new Promise((done, fail) => {
        stream.on('end', () => ((form.file = Buffer.concat(chunks)), done()));
        stream.on('error', fail);
      });
    });
    parser.on('error', reject);
    parser.on('finish', () => {
      fileDone.then(() => resolve(form), reject);
    });
    parser.end(body);
  });
}

type Condition = { op: 'eq' | 'starts-with'; field: string; value: string; text: string } | { op: 'range'; min: number; max: number };

/** Both condition forms: `{"key": "v"}` (exact) and `["eq" | "starts-with", "$key", "v"]`, plus content-length-range. */
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

function parseConditions(list: unknown[]): Condition[] | undefined {
  const out: Condition[] = [];
  for (const c of list) {
    if (isList(c) && c[0] === 'content-length-range' && c.length === 3) {
      const [min, max] = [Number(c[1]), Number(c[2])];
      if (!Number.isInteger(min) || !Number.isInteger(max)) return undefined;
      out.push({ op: 'range', min, max });
    } else if (
      isList(c) &&
      (c[0] === 'eq' || c[0] === 'starts-with') &&
      c.length === 3 &&
      typeof c[1] === 'string' &&
      c[1].startsWith('$') &&
      typeof c[2] === 'string'
    ) {
      out.push({ op: c[0], field: c[1].slice(1).toLowerCase(), value: c[2], text: JSON.stringify(c).replace(/","/g, '", "') });
    } else if (c && typeof c === 'object' && !isList(c) && Object.keys(c).length === 1) {
      const [[field, value]] = Object.entries(c);
      if (typeof value !== 'string') return undefined;
      out.push({ op: 'eq', field: field.toLowerCase(), value, text: JSON.stringify(['eq', `$${field}`, value]).replace(/","/g, '", "') });
    } else return undefined;
  }
  return out;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * Checks a POST to the gateway's /s3/{path}{search}; undefined when S3 would store the object.
 * Form field names are case-insensitive, as in S3 (its own example signs `x-amz-credential` and posts
 * `X-Amz-Credential`); a condition holds only if every occurrence of its field meets it.
 */
export async function checkPostObject(
  path: string,
  search: string,
  contentType: string | undefined,
  body: Buffer,
  now = Date.now(),
): Promise<S3Refusal | undefined> {
  // Only POST Object is a browser upload. Any other POST (?delete, ?uploads, to a key) needs a signed
  // request, which S3 refuses from an anonymous browser and s3rver would run.
  if (search || !/^[^/]+$/.test(path)) return accessDenied();
  const bucket = path;
  if (!Object.values(BUCKETS).includes(bucket)) return refuse(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
  if (contentType === undefined || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    return refuse(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'Bucket POST must be of the enclosure-type multipart/form-data',
    });
  }
  let form: Form;
  try {
    form = await parseForm(contentType, body);
  } catch {
    return refuse(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
  }
  if (form.file === undefined || form.otherFiles)
    return refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', { ArgumentName: 'file' });

  const values = (name: string) => form.fields.filter((f) => f.name.toLowerCase() === name).map((f) => f.value);
  const first = (name: string): string | undefined => values(name)[0];
  // No policy: an anonymous write, which these (private) buckets refuse.
  const policy = first('policy');
  if (policy === undefined) return accessDenied();
  const [algorithm, credential, signature] = [first('x-amz-algorithm'), first('x-amz-credential'), first('x-amz-signature')];
  if (algorithm === undefined) return missing('x-amz-algorithm');
  if (credential === undefined) return missing('x-amz-credential');
  if (first('x-amz-date') === undefined) return missing('x-amz-date');
  if (signature === undefined) return missing('x-amz-signature');
  if (algorithm !== 'AWS4-HMAC-SHA256') return refuse(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 is supported as X-Amz-Algorithm.');

  // Credential: {access key}/{yyyymmdd}/{region}/s3/aws4_request; the signing key derives from its scope.
  const scope = /^([^/]*)\/(\d{8})\/([^/]*)\/s3\/aws4_request$/.exec(credential);
  if (!scope) {
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
    );
  }
  const [, accessKey, date, region] = scope;
  if (region !== REGION)
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      `Error parsing the X-Amz-Credential parameter; the region '${region}' is wrong; expecting '${REGION}'`,
    );
  const secret = SECRET_KEYS.get(accessKey);
  if (secret === undefined)
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: accessKey });
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, policy).toString('hex'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return badPolicy('Invalid JSON.');
  }
  if (!parsed || typeof parsed !== 'object') return badPolicy('Invalid JSON.');
  const doc: { expiration?: unknown; conditions?: unknown } = parsed;
  if (typeof doc.expiration !== 'string') return badPolicy('Policy missing expiration.');
  if (!Array.isArray(doc.conditions)) return badPolicy('Policy missing conditions.');
  const expires = Date.parse(doc.expiration);
  if (Number.isNaN(expires)) return badPolicy(`Invalid 'expiration' value: '${doc.expiration}'`);
  if (expires <= now) return notPolicy('Policy expired.');
  const conditions = parseConditions(doc.conditions);
  if (!conditions) return badPolicy('Invalid Condition.');

  for (const c of conditions) {
    if (c.op === 'range') {
      const size = form.file.length;
      if (size > c.max)
        return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { ProposedSize: size, MaxSizeAllowed: c.max });
      if (size < c.min)
        return refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: size, MinSizeAllowed: c.min });
      continue;
    }
    // `bucket` is matched against the bucket posted to (and a bucket field, if any); an absent field is empty.
    const got = c.field === 'bucket' ? [bucket, ...values('bucket')] : values(c.field);
    const ok = (got.length ? got : ['']).every((v) => (c.op === 'eq' ? v === c.value : v.startsWith(c.value)));
    if (!ok) return notPolicy(`Policy Condition failed: ${c.text}`);
  }
  // Every field but these must be named by a condition (S3's rule), or it could set what was never signed.
  const covered = new Set(conditions.flatMap((c) => (c.op === 'range' ? [] : [c.field])));
  const extra = form.fields
    .map((f) => f.name)
    .filter((n) => !['policy', 'x-amz-signature'].includes(n.toLowerCase()) && !n.toLowerCase().startsWith('x-ignore-') && !covered.has(n.toLowerCase()));
  if (extra.length) return notPolicy(`Extra input fields: ${[...new Set(extra)].join(', ')}`);
  return undefined;
}
