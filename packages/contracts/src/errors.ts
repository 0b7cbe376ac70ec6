/**
 * The one catalogue of error codes. The server throws AppError(key); the error handler turns it into
 * the envelope `{code, msg, data: null}` with the HTTP status below; the web wrapper maps `code` back to
 * a translated message (key `errors.<key>`), falling back to `msg`.
 *
 * Numbering: 0 success; 1xxx request and platform (11xx staff); 2xxx member and session; 3xxx wallet and payments;
 * 4xxx promotions; 5xxx games. Client-side codes -98 (network) and -99 (request setup) never come from
 * the server. The texts are the spec's (platform-core §8, promotions-and-games §8) where it gives one.
 */
export const ERRORS = {
  BAD_REQUEST: { code: 1000, status: 400, msg: 'Invalid request' },
  VALIDATION: { code: 1001, status: 400, msg: 'Cannot be empty, please fill in!' },
  NOT_FOUND: { code: 1004, status: 404, msg: 'Not found' },
  UNAUTHORIZED: { code: 1401, status: 401, msg: 'You have not logged in yet, please login !' },
  FORBIDDEN: { code: 1403, status: 403, msg: 'You are not allowed to do this' },
  PAYLOAD_TOO_LARGE: { code: 1413, status: 413, msg: 'The file is larger than 10 MB' },
  UNSUPPORTED_MEDIA_TYPE: { code: 1415, status: 415, msg: 'Unsupported content type' },
  RATE_LIMITED: { code: 1429, status: 429, msg: 'Please try again later' },
  INTERNAL: { code: 1500, status: 500, msg: 'Please try again later' },
  UNAVAILABLE: { code: 1503, status: 503, msg: 'Please try again later' },
  // Staff (operators as people, docs/api.md "Operators"): 1100–1199.
  // One answer for a wrong login, password or code, so a caller cannot tell which one was right.
  STAFF_LOGIN_FAILED: { code: 1100, status: 401, msg: 'Incorrect login, password or code' },
  STAFF_LOCKED: {
    code: 1101,
    status: 429,
    msg: 'Too many failed attempts: this staff account is locked for a few minutes',
  },
  STAFF_TOTP_NOT_ENROLLED: { code: 1102, status: 409, msg: 'Set up the authenticator app first' },
  STAFF_TOTP_ENROLLED: {
    code: 1103,
    status: 409,
    msg: 'The authenticator app is already set up; an administrator can reset it',
  },
  STAFF_EXISTS: { code: 1104, status: 409, msg: 'This login or email is already taken' },
  STAFF_BOOTSTRAP_CLOSED: {
    code: 1105,
    status: 409,
    msg: 'Staff accounts exist: log in as staff to add more',
  },
  STAFF_PASSWORD_RULE: { code: 1106, status: 400, msg: 'A staff password has 12 to 128 characters' },
  STAFF_SESSION_ENDED: { code: 1107, status: 401, msg: 'Your staff session has ended, please log in again' },
  STAFF_SELF_CHANGE: {
    code: 1108,
    status: 409,
    msg: 'You cannot disable yourself or take away your own staff management',
  },
  // A decision that asks for the acting staff member's code again (withdrawal approvals): a wrong code,
  // or one already used (at login or for another decision). Not 401: the session itself is still good.
  STAFF_CODE_REFUSED: {
    code: 1109,
    status: 403,
    msg: 'This authenticator code is wrong or already used: wait for the next one',
  },

  INVALID_MOBILE: { code: 2001, status: 400, msg: 'Incorrect format of mobile' },
  MOBILE_EXISTS: { code: 2002, status: 409, msg: 'The mobile already exists' },
  ONE_DEVICE: { code: 2004, status: 409, msg: 'We support only one device to bet at the same time' },
  // A failed login is 400, not 401: the web wrapper sends a 401 to the login page, where the player is.
  LOGIN_FAILED: { code: 2005, status: 400, msg: 'Incorrect mobile or password' },
  SMS_CODE_INVALID: { code: 2006, status: 400, msg: 'Incorrect or expired verification code' },
  SMS_TOO_SOON: { code: 2007, status: 429, msg: 'Please wait before requesting another code' },
  SMS_LIMIT: { code: 2008, status: 429, msg: 'Too many codes requested, please try again later' },
  LOGIN_LOCKED: {
    code: 2009,
    status: 429,
    msg: 'Too many failed attempts, please try again in a few minutes',
  },
  PASSWORD_RULE: { code: 2010, status: 400, msg: 'Password must be 6 to 20 characters' },
  PASSWORD_MISMATCH: { code: 2011, status: 400, msg: 'new and confirmed password do not match' },
  ON_BREAK: {
    code: 2031,
    status: 409,
    msg: 'You are taking a break from play: you can log in again when it ends',
  },
  BREAK_LENGTH: { code: 2032, status: 400, msg: 'This length of break is not offered here' },
  // Self-exclusion matched on identity (issue 25 §3): the same person, under any account, number or device.
  // SELF_EXCLUDED carries the end in the envelope's `params.until` (ISO 8601) for each language to write.
  SELF_EXCLUDED: {
    code: 2070,
    status: 409,
    msg: 'You have excluded yourself from play until it ends',
  },
  SELF_EXCLUDED_PERMANENTLY: {
    code: 2071,
    status: 409,
    msg: 'You have excluded yourself from play permanently',
  },
  SELF_EXCLUSION_LENGTH: {
    code: 2072,
    status: 400,
    msg: 'This length of self-exclusion is not offered here',
  },
  OLD_PASSWORD_WRONG: { code: 2013, status: 400, msg: 'The old password is incorrect' },
  INVITE_CODE_INVALID: { code: 2014, status: 400, msg: 'The invitation code is not valid' },
  KYC_INVALID: { code: 2016, status: 400, msg: 'Please check the content' },
  KYC_DISABLED: { code: 2017, status: 409, msg: 'Identity verification is not available' },
  // One identity (ID number or CPF) belongs to one account (issue 25 §1).
  KYC_IDENTITY_TAKEN: {
    code: 2040,
    status: 409,
    msg: 'This ID is already verified on another account',
  },
  // Verify asks for the saved form first; a verified or under-review identity is not sent again.
  KYC_NOT_READY: { code: 2041, status: 409, msg: 'Please send your identity details first' },
  KYC_UNDER_REVIEW: { code: 2042, status: 409, msg: 'Your identity is being reviewed' },
  KYC_ALREADY_VERIFIED: { code: 2043, status: 409, msg: 'Your identity is already verified' },
  // Registration where the market verifies identity before the account exists (Brazil, issue 25 §1): the
  // identity service is asked first, and every answer but an adult's exact match creates nothing.
  REGISTRATION_IDENTITY_REQUIRED: {
    code: 2060,
    status: 400,
    msg: 'Please give your identity details and a selfie to register',
  },
  REGISTRATION_LIMITS_REQUIRED: {
    code: 2061,
    status: 400,
    msg: 'Please choose your deposit limit to register',
  },
  REGISTRATION_IDENTITY_MISMATCH: {
    code: 2062,
    status: 409,
    msg: 'We could not match your selfie to your ID. Please try again with a clear photo, or contact support',
  },
  REGISTRATION_UNDER_AGE: { code: 2063, status: 409, msg: 'You must be 18 or over to register' },
  REGISTRATION_IDENTITY_DUPLICATE: {
    code: 2064,
    status: 409,
    msg: 'This person is already registered with us. Please log in, or contact support',
  },
  REGISTRATION_IDENTITY_UNAVAILABLE: {
    code: 2065,
    status: 503,
    msg: 'Identity verification is not available right now. Please try again in a minute',
  },
  NOT_AN_IMAGE: { code: 2018, status: 400, msg: 'Please choose a JPEG, PNG or WebP image' },
  SOCIAL_TICKET_INVALID: {
    code: 2019,
    status: 400,
    msg: 'The social login has expired, please log in with it again',
  },
  REAUTH_REQUIRED: {
    code: 2020,
    status: 409,
    msg: 'Please confirm it is you first (password or SMS code)',
  },
  SMS_SEND_FAILED: { code: 2015, status: 503, msg: 'The SMS could not be sent, please try again later' },
  NICKNAME_RULE: {
    code: 2030,
    status: 400,
    msg: 'A nickname is 2 to 20 letters or digits (spaces, dots, dashes and underscores allowed)',
  },

  INSUFFICIENT_BALANCE: { code: 3001, status: 409, msg: 'Insufficient balance, please recharge' },
  // Responsible-gambling limits (limits.ts): each names its limit and when it resets.
  LIMIT_DEPOSIT_DAY: {
    code: 3050,
    status: 409,
    msg: 'This deposit would pass your daily deposit limit. It resets at midnight.',
  },
  LIMIT_DEPOSIT_WEEK: {
    code: 3051,
    status: 409,
    msg: 'This deposit would pass your weekly deposit limit. It resets on Monday at midnight.',
  },
  LIMIT_DEPOSIT_MONTH: {
    code: 3052,
    status: 409,
    msg: 'This deposit would pass your monthly deposit limit. It resets on the 1st at midnight.',
  },
  LIMIT_LOSS_DAY: {
    code: 3053,
    status: 409,
    msg: 'This stake could take you past your daily loss limit. It resets at midnight.',
  },
  LIMIT_LOSS_WEEK: {
    code: 3054,
    status: 409,
    msg: 'This stake could take you past your weekly loss limit. It resets on Monday at midnight.',
  },
  LIMIT_LOSS_MONTH: {
    code: 3055,
    status: 409,
    msg: 'This stake could take you past your monthly loss limit. It resets on the 1st at midnight.',
  },
  LIMIT_STAKE_DAY: {
    code: 3056,
    status: 409,
    msg: 'This stake would pass your daily stake limit. It resets at midnight.',
  },
  LIMIT_STAKE_WEEK: {
    code: 3057,
    status: 409,
    msg: 'This stake would pass your weekly stake limit. It resets on Monday at midnight.',
  },
  LIMIT_STAKE_MONTH: {
    code: 3058,
    status: 409,
    msg: 'This stake would pass your monthly stake limit. It resets on the 1st at midnight.',
  },
  // The pause is SESSION_PAUSE_MINUTES (limits.ts): the text says it, since an error's text is fixed.
  LIMIT_SESSION: {
    code: 3060,
    status: 409,
    msg: 'You have reached your session time limit. You can play again after a 30-minute break from betting.',
  },
  LIMIT_NOT_LOWER: {
    code: 3059,
    status: 409,
    msg: 'An operator can only lower a limit, never raise it',
  },
  IDEMPOTENCY_CONFLICT: {
    code: 3003,
    status: 409,
    msg: 'This request was already made with different details',
  },
  DEPOSIT_UNAVAILABLE: {
    code: 3010,
    status: 409,
    msg: 'This deposit method is unavailable because of a technical problem of the third party',
  },
  DEPOSIT_BELOW_MINIMUM: { code: 3011, status: 400, msg: 'The amount is below the minimum deposit' },
  DEPOSIT_ABOVE_MAXIMUM: { code: 3012, status: 400, msg: 'The amount is above the maximum for this method' },
  WHOLE_UNITS_ONLY: {
    code: 3013,
    status: 400,
    msg: 'M-Pesa takes whole shillings: please enter an amount without cents',
  },
  PAY_SIGN_INVALID: { code: 3014, status: 403, msg: 'This payment link is not valid' },
  PAYMENT_IN_PROGRESS: {
    code: 3015,
    status: 409,
    msg: 'A payment is already waiting on this phone: finish it or wait a minute, then try again',
  },
  PROVIDER_UNAVAILABLE: {
    code: 3016,
    status: 503,
    msg: 'The payment provider is not answering, please try again later',
  },
  ORDER_CLOSED: { code: 3017, status: 409, msg: 'This payment is already finished' },
  // An operator credit names an M-PESA receipt that was already credited (on another order or to a member).
  RECEIPT_USED: { code: 3018, status: 409, msg: 'This M-PESA receipt was already credited' },
  WITHDRAW_DISABLED: { code: 3020, status: 409, msg: 'Withdrawal is not available now' },
  WITHDRAW_LIMIT: { code: 3021, status: 400, msg: 'The amount is outside the withdrawal limits' },
  WITHDRAW_DAILY_COUNT: {
    code: 3042,
    status: 429,
    msg: 'You have reached the number of withdrawals allowed today',
  },
  WITHDRAW_BELOW_FEE: { code: 3022, status: 400, msg: 'The amount does not cover the fee' },
  KYC_REQUIRED: { code: 3023, status: 409, msg: 'Please complete your identity verification first' },
  WITHDRAW_NOT_SUPPORTED: { code: 3024, status: 400, msg: 'not support' },
  DEMO_CANNOT_WITHDRAW: { code: 3025, status: 403, msg: 'Demo money cannot be withdrawn' },
  WITHDRAW_ALREADY_APPROVED: {
    code: 3027,
    status: 409,
    msg: 'You have already approved this withdrawal: another staff member must approve it',
  },
  // The back office's money with two people (issue 26 §3): 5100–5129.
  ADJUSTMENT_SAME_STAFF: {
    code: 5100,
    status: 409,
    msg: 'You asked for this adjustment: another staff member must decide it',
  },
  ADJUSTMENT_DECIDED: { code: 5101, status: 409, msg: 'This adjustment has already been decided' },
  WITHDRAW_PAYOUT_FAILED: {
    code: 3026,
    status: 409,
    msg: 'M-PESA could not take this withdrawal now; your balance was not charged. Please try again later',
  },
  EXCHANGE_INSUFFICIENT: { code: 3030, status: 409, msg: 'Not enough coins or diamonds for this exchange' },
  APPEAL_OPEN: { code: 3040, status: 409, msg: 'An appeal for this deposit is already being reviewed' },
  APPEAL_NOT_ALLOWED: { code: 3041, status: 409, msg: 'This deposit cannot be appealed' },

  ACTIVITY_INVALID: { code: 4001, status: 409, msg: 'The activity is invalid' },
  COUPON_MISMATCH: { code: 4002, status: 409, msg: 'Coupon does not match product or platform' },
  NOT_TIME_TO_USE: { code: 4003, status: 409, msg: "It's not time to use" },
  // A claim of a bonus before its time (a VIP benefit outside its window) and of a prize that does not
  // exist (an unknown or switched-off VIP benefit). Retired codes (docs/api.md "Error codes"): 1405,
  // 1601, 2003, 3002.
  BONUS_NOT_READY: { code: 4004, status: 409, msg: 'Bonus is not ready to claim' },
  PRIZE_NOT_FOUND: { code: 4005, status: 404, msg: 'Not found prize' },
  // Promotions (issue 14, docs/promotions.md). 4010-4019 the programmes' platform; each programme has its
  // own ten: sign-in and coin spin 4020-4039, diamonds 4040-4059, cash rain and giveaway 4060-4079.
  PROMOTION_MEMBER_BLOCKED: {
    code: 4010,
    status: 403,
    msg: 'Promotions are not available to this account',
  },
  PROGRAMME_SETTINGS_INVALID: {
    code: 4011,
    status: 400,
    msg: 'These settings are not valid for this programme',
  },
  // Promotion pages (issue 14 §1): 4080-4089.
  PROMOTION_PAGE_NOT_FOUND: { code: 4080, status: 404, msg: 'This promotion does not exist' },
  PROMOTION_PAGE_EXISTS: { code: 4081, status: 409, msg: 'A promotion page with this name already exists' },
  // Cash rain and giveaway (docs/promotions.md "Cash rain", "Giveaway").
  CASH_RAIN_DEPOSIT_FIRST: { code: 4060, status: 409, msg: 'Deposit first to join the cash rain' },
  CASH_RAIN_ALREADY_JOINED: { code: 4061, status: 409, msg: 'You have already joined this cash rain' },
  CASH_RAIN_NOT_OPEN: { code: 4062, status: 409, msg: 'This cash rain is not open now' },
  GIVEAWAY_MOBILE_REGISTERED: {
    code: 4070,
    status: 409,
    msg: 'Your mobile number has been registered, welcome bonus is for new users only',
  },
  GIVEAWAY_ENDED: { code: 4071, status: 409, msg: 'All the gifts of this giveaway have been given' },
  // Daily sign-in and coin spin (4020-4039, docs/promotions.md "Daily sign-in", "Coin spin").
  SIGN_IN_ALREADY_CLAIMED: {
    code: 4020,
    status: 409,
    msg: 'Today’s bonus is already claimed, come back tomorrow',
  },
  COIN_SPIN_ALREADY_SPUN: {
    code: 4030,
    status: 409,
    msg: 'You have used today’s free spin, come back tomorrow',
  },
  COIN_SPIN_SIGN_IN_FIRST: {
    code: 4031,
    status: 409,
    msg: 'Claim today’s check-in bonus first to unlock the free spin',
  },
  COIN_SPIN_POOL_EMPTY: { code: 4032, status: 409, msg: 'Today’s prizes are all won, come back tomorrow' },
  // Diamonds (4040-4059): tasks, spins.
  TASK_NOT_FOUND: { code: 4040, status: 404, msg: 'This task is not available' },
  TASK_NOT_REACHED: { code: 4041, status: 409, msg: 'This task is not finished yet' },
  TASK_COLLECTED: { code: 4042, status: 409, msg: 'This task has already been collected' },
  DIAMONDS_INSUFFICIENT: { code: 4043, status: 409, msg: 'Not enough diamonds' },
  SPIN_OPTION_NOT_FOUND: { code: 4044, status: 404, msg: 'This spin is not available' },
  // Bonus cash (issue 14 §2, docs/promotions.md "Bonus coins and bonus cash"): 4090-4099.
  // The message names the limit (the server writes the amount in); the game pages offer the forfeit beside it.
  BONUS_MAX_STAKE: {
    code: 4090,
    status: 409,
    msg: 'This stake is above the maximum stake while your bonus is active: forfeit the bonus to stake more',
  },
  BONUS_NOT_ACTIVE: { code: 4091, status: 409, msg: 'You have no active bonus' },
  BONUS_OFFER_NOT_FOUND: { code: 4092, status: 404, msg: 'This bonus offer does not exist' },
  BONUS_OFFER_CLOSED: {
    code: 4093,
    status: 409,
    msg: 'This bonus offer is closed: it was already declined, accepted or has lapsed',
  },
  // The mall, cart and coupons (issue 15 §4, docs/promotions.md "Mall and coupons"): 4130-4149; a coupon
  // that does not match or is out of its dates answers the shared 4002 and 4003.
  MALL_GOODS_NOT_FOUND: { code: 4130, status: 404, msg: 'This item is not available' },
  MALL_PRICE_CHANGED: { code: 4131, status: 409, msg: 'The price has changed, please check your cart' },
  MALL_SOLD_OUT: { code: 4132, status: 409, msg: 'Not enough left of this item' },
  MALL_LIMIT_REACHED: { code: 4133, status: 409, msg: 'You have reached the limit for this item' },
  MALL_COUPON_UNAVAILABLE: { code: 4134, status: 409, msg: 'This coupon is not available' },
  MALL_COINS_INSUFFICIENT: { code: 4135, status: 409, msg: 'Not enough coins' },
  MALL_COUPON_TAKEN: { code: 4136, status: 409, msg: 'You have already taken this coupon' },
  MALL_COUPONS_GONE: { code: 4137, status: 409, msg: 'All these coupons have been taken' },
  MALL_ORDER_NOT_FOUND: { code: 4138, status: 404, msg: 'This order does not exist' },
  MALL_ORDER_NOT_PENDING: { code: 4139, status: 409, msg: 'This order is not waiting to be fulfilled' },
  MALL_EXISTS: { code: 4140, status: 409, msg: 'An item or coupon with this name already exists' },
  MALL_MEMBER_NOT_FOUND: { code: 4141, status: 404, msg: 'No member has this mobile number' },
  MALL_ORDER_MIXED: {
    code: 4142,
    status: 409,
    msg: 'Only an order of items alone can be cancelled: its other goods are delivered',
  },
  // Cash rain: verifying a slot (docs/api.md "Cash rain: verifying a slot").
  CASH_RAIN_SLOT_NOT_FOUND: { code: 4063, status: 404, msg: 'This cash rain did not take place' },
  // VIP benefits (issue 15 §1 §2, docs/promotions.md "VIP levels and benefits"): 4100-4119.
  VIP_BENEFIT_NOT_FOUND: { code: 4100, status: 404, msg: 'This benefit is not available' },
  // Spec §8: "Benefit already claimed" shows cash_back.alert_msg.
  VIP_BENEFIT_CLAIMED: { code: 4101, status: 409, msg: 'Benefit already claimed' },
  VIP_BENEFIT_NOT_CLAIMABLE: { code: 4102, status: 409, msg: 'This benefit cannot be claimed now' },
  VIP_LEVEL_TOO_LOW: { code: 4103, status: 409, msg: 'Reach a higher VIP level to enjoy this benefit' },
  // Invitation and referral (issue 15 §5, docs/promotions.md "Invitation and referral"): 4150-4169.
  INVITE_TASK_NOT_FOUND: { code: 4150, status: 404, msg: 'This invite task is not available' },
  INVITE_TASK_NOT_REACHED: { code: 4151, status: 409, msg: 'Invite more friends to collect this reward' },
  INVITE_TASK_COLLECTED: { code: 4152, status: 409, msg: 'This reward has already been collected' },
  // Weekly cash back (issue 15 §3, docs/promotions.md "Weekly cash back"): 4120-4129.
  CASH_BACK_CLAIMED: { code: 4120, status: 409, msg: 'This cash back has already been claimed' },
  CASH_BACK_NOT_OPEN: {
    code: 4121,
    status: 409,
    msg: 'Cash back can be claimed from Monday 06:00 to Sunday 23:59 of the week after',
  },
  CASH_BACK_NONE: { code: 4122, status: 404, msg: 'There is no cash back for this week' },
  // The draw engine (issue 16, docs/draws.md): 4170-4189. Products: lottery and cash draw 4190-4209, lucky
  // refund 4210-4229, collect-cards 4230-4239.
  DRAW_NOT_FOUND: { code: 4170, status: 404, msg: 'This draw does not exist' },
  DRAW_SALES_CLOSED: { code: 4171, status: 409, msg: 'Sales for this draw are closed' },
  DRAW_NOT_OPEN: { code: 4172, status: 409, msg: 'Sales for this draw have not opened yet' },
  DRAW_TICKET_NOT_FOUND: { code: 4173, status: 404, msg: 'This ticket is not in the draw' },
  DRAW_NOT_CLOSED: { code: 4174, status: 409, msg: 'The ticket list of this draw is not committed yet' },
  // Lucky refund (docs/promotions.md "Lucky refund"): 4210-4229.
  LUCKY_REFUND_ROUND_NOT_FOUND: { code: 4210, status: 404, msg: 'This lucky refund round does not exist' },
  LUCKY_REFUND_NOT_SOLD_FOR: {
    code: 4211,
    status: 409,
    msg: 'Codes of this round are not sold for this currency',
  },
  LUCKY_REFUND_TOO_MANY: { code: 4212, status: 400, msg: 'Too many codes in one purchase' },
  LUCKY_REFUND_MEMBER_LIMIT: {
    code: 4213,
    status: 409,
    msg: 'You have reached the number of codes allowed in this round',
  },
  LUCKY_REFUND_COINS_INSUFFICIENT: { code: 4214, status: 409, msg: 'Not enough coins' },
  LUCKY_REFUND_RESULT_NOT_FOUND: { code: 4215, status: 404, msg: 'This result does not exist' },
  LUCKY_REFUND_RAFFLE_NOT_FOUND: { code: 4216, status: 404, msg: 'This raffle does not exist' },
  // The 6+1 lottery and the cash draw (docs/promotions.md "The 6+1 lottery and the cash draw"): 4190-4209.
  LOTTERY_REAL_MONEY_ONLY: {
    code: 4190,
    status: 409,
    msg: 'Draw tickets are bought with real money: bonus cash cannot buy them',
  },
  LOTTERY_NO_FREE_TICKETS: { code: 4191, status: 409, msg: 'You do not have enough free tickets' },
  LOTTERY_TICKET_LIMIT: {
    code: 4192,
    status: 409,
    msg: 'You have reached the most tickets one player may hold in this draw',
  },
  // Collect-cards (issue 16 §3, docs/promotions.md "Collect-cards"): 4230-4239.
  COLLECT_CARDS_FINISHED: { code: 4230, status: 409, msg: 'This activity has ended' },
  COLLECT_CARDS_NOT_STARTED: { code: 4231, status: 409, msg: 'This activity has not started yet' },
  COLLECT_CARDS_NO_CHANCE: {
    code: 4232,
    status: 409,
    msg: 'You have no chance left: take the free chance, deposit or buy one',
  },
  COLLECT_CARDS_FREE_TAKEN: {
    code: 4233,
    status: 409,
    msg: 'You have taken today’s free chance, come back tomorrow',
  },
  COLLECT_CARDS_COINS_INSUFFICIENT: { code: 4234, status: 409, msg: 'Not enough coins to buy a chance' },
  COLLECT_CARDS_NOT_FOR_SALE: { code: 4238, status: 409, msg: 'Chances cannot be bought in this activity' },

  GAME_NOT_FOUND: { code: 5001, status: 404, msg: 'This game is not available' },
  GAME_DISABLED: { code: 5002, status: 409, msg: 'This game is under maintenance, please try another one' },
  GAME_NO_DEMO: { code: 5003, status: 409, msg: 'This game has no demo' },
  // Spec platform-core §6: the launch's balance check; the app answers with /deposit.
  TOP_UP_FIRST: { code: 5004, status: 409, msg: 'Please top up first' },
  GAME_PROVIDER_UNAVAILABLE: {
    code: 5005,
    status: 503,
    msg: "This game's provider is not available, please try again later",
  },
  // In-house play (docs/games.md): the game page shows these.
  GAME_SESSION_INVALID: {
    code: 5010,
    status: 401,
    msg: 'This game session has ended, please open the game again',
  },
  GAME_UNAVAILABLE: {
    code: 5011,
    status: 409,
    msg: 'This game is under maintenance, please try another one',
  },
  GAME_STAKE_LIMIT: { code: 5012, status: 400, msg: 'The stake is outside the limits of this game' },
  GAME_OPTIONS: { code: 5013, status: 400, msg: 'Please check your choices for this game' },
  GAME_ROUND_OPEN: { code: 5014, status: 409, msg: 'Please finish the round in play first' },
  GAME_ROUND_CLOSED: { code: 5015, status: 409, msg: 'This round is already over' },
  // Crash (docs/games.md "Crash"): bets only while a round takes them, cash-outs only before it crashes.
  CRASH_BETTING_CLOSED: { code: 5020, status: 409, msg: 'Bets are closed, please wait for the next round' },
  CRASH_ALREADY_BET: { code: 5021, status: 409, msg: 'You already have a bet in this round' },
  CRASH_NO_BET: { code: 5022, status: 409, msg: 'You have no bet in play in this round' },
  CRASH_TOO_LATE: { code: 5023, status: 409, msg: 'Too late: the round crashed before your cash-out' },
  CRASH_TOO_EARLY: { code: 5024, status: 409, msg: 'You can cash out once the multiplier reaches 1.01×' },
  // The back office's player actions (issue 26 §2): 5130–5159.
  ACCOUNT_DISABLED: {
    code: 5130,
    status: 403,
    msg: 'This account is disabled. Please contact support',
  },
  PLAYER_ALREADY_DISABLED: { code: 5131, status: 409, msg: 'This account is already disabled' },
  PLAYER_NOT_DISABLED: { code: 5132, status: 409, msg: 'This account is not disabled' },
  PLAYER_NOT_ACTIVE: {
    code: 5133,
    status: 409,
    msg: 'This account is not active (self-excluded, on a time-out or disabled)',
  },
  // The back office's content (issue 26 §5): 5170–5179.
  CONTENT_PERIOD: { code: 5170, status: 400, msg: 'The end of the period must come after its start' },
  CONTENT_IMAGE_MISSING: {
    code: 5171,
    status: 400,
    msg: 'This picture is neither among the statics nor among the uploaded pictures',
  },
  NOTICE_ENDED: { code: 5172, status: 409, msg: 'This notice has already ended' },
  // The back office's content, adding and removing (issue 26 §5): 5180–5189.
  CONTENT_RELIED_ON: {
    code: 5180,
    status: 409,
    msg: 'The app relies on this entry: switch it off instead of removing it',
  },
  CONTENT_PICTURE_TOO_LARGE: {
    code: 5181,
    status: 413,
    msg: 'A picture for players is 1 MB at most',
  },
} as const satisfies Record<string, { code: number; status: number; msg: string }>;

export type ErrorKey = keyof typeof ERRORS;

/** Codes the web client produces itself (spec §8), never sent by the server. */
export const CLIENT_ERRORS = {
  NETWORK: -98,
  SETUP: -99,
} as const;

export const SUCCESS_CODE = 0;

const keyByCode = new Map<number, ErrorKey>(
  (Object.keys(ERRORS) as ErrorKey[]).map((key) => [ERRORS[key].code, key]),
);

export function findErrorKeyByCode(code: number): ErrorKey | undefined {
  return keyByCode.get(code);
}
