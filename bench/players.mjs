// Players for the benchmarks, made through the server's own code: members inserted a batch a statement
// (a member row is all a bet or a deposit needs besides a login), each logged in by `startSession` as a
// login does (the login holds the right to bet), the work spread over a few lanes of the database's pool.
const { WEB_PLATFORM } = await import('../packages/contracts/src/envelope.ts');
const members = await import('../apps/server/src/modules/platform/member/member.service.ts');
const memberRepository = await import('../apps/server/src/modules/platform/member/member.repository.ts');
const kycRepository = await import('../apps/server/src/modules/platform/kyc/kyc.repository.ts');

/**
 * Inserts `count` members, `batch` a statement, numbered from 0: `mobileOf(n)` gives each its number and
 * `tag` keeps their guids and invite codes apart from other runs'. Resolves with their ids, in order.
 */
export async function insertMembers(db, count, { tag, mobileOf, batch = 1000 }) {
  const ids = [];
  for (let first = 0; first < count; first += batch) {
    const rows = await db
      .insertInto('member')
      .values(
        Array.from({ length: Math.min(batch, count - first) }, (_, offset) => ({
          mobile: mobileOf(first + offset),
          password_hash: 'x',
          guid: `bench-${tag}-${first + offset}`,
          invite_code: `B${tag.toUpperCase()}${first + offset}`,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** `work(item, index)` for every item, `lanes` at a time; resolves with the results, in order. */
export async function inLanes(items, lanes, work) {
  const results = new Array(items.length);
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let index = lane; index < items.length; index += lanes)
        results[index] = await work(items[index], index);
    }),
  );
  return results;
}

/** Logs a member in from the web: their session token and the login's id (which holds the right to bet). */
export async function logIn(db, country, memberId) {
  const member = await memberRepository.findMemberById(db, memberId);
  const { token } = await members.startSession({ db, country }, member, {
    ip: '127.0.0.1',
    deviceId: `bench-${memberId}`,
    platform: WEB_PLATFORM,
  });
  const login = await memberRepository.findMemberById(db, memberId);
  return { token, loginId: login.betting_session_id };
}

/**
 * Records the member's identity as verified, through the kyc module's own steps (the form saved, the
 * identity claimed, the service's match concluded): Kenya gates play and deposits on it (issue 25), and a
 * benchmark's players stand for verified adults. `tag` keeps the identities apart from other runs'.
 */
export async function verifyIdentity(db, country, memberId, tag) {
  const idNumber = `${tag}${memberId}`;
  await kycRepository.saveSubmission(db, memberId, { idType: 'national-id', idNumber });
  const identityKey = `${country.code}:BENCH:${idNumber}`.toUpperCase();
  await kycRepository.claimIdentity(db, memberId, identityKey);
  await kycRepository.concludeAttempt(db, memberId, identityKey, { status: 'verified', reason: null });
}
