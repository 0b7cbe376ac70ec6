/**
 * The identity-verification port (issue 25 §1): a person's ID number looked up at the issuing authority,
 * with a photo of them compared to the authority's. The kyc module decides what the answer means for the
 * member; the adapter only says what the service answered.
 */
export type IdentityCheck = {
  /** Ours, unique per attempt: the service's job id (a replay names the same job). */
  jobId: string;
  /** Ours, stable per member: the service enrols the face under it and reports duplicates across users. */
  userId: string;
  /** ISO 3166 alpha-2. */
  country: string;
  /** NATIONAL_ID, ALIEN_CARD, PASSPORT, CPF, … */
  idType: string;
  idNumber: string;
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd as the member gave it. */
  dateOfBirth: string;
  /** The selfie (national ID + selfie) or the liveness frame (CPF + liveness), base64 without a prefix. */
  photo: { kind: 'selfie' | 'liveness'; base64: string };
};

/**
 * What the service answered: `match` with the authority's date of birth (the caller checks the age);
 * `mismatch` (the photo is not the ID's holder); `duplicate` (the face is enrolled under another user);
 * `unavailable` (no trustworthy answer: an outage, a timeout, an unsigned or unreadable answer). Never a
 * guess: anything the adapter cannot read is `unavailable`, which verifies nobody.
 */
export type IdentityResult =
  | { outcome: 'match'; dateOfBirth: string | null; providerRef: string; resultCode: string }
  | { outcome: 'mismatch' | 'duplicate'; providerRef: string; resultCode: string }
  | { outcome: 'unavailable'; detail: string };

export type IdentityVerifier = {
  verify(check: IdentityCheck): Promise<IdentityResult>;
};
