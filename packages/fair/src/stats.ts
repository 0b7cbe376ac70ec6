/**
 * Measured return-to-player of many rounds, for the RTP tests and the bench. The standard error of the mean
 * return per unit stake is σ/√N (reliability-and-performance.md §2.4), so a measurement agrees with the
 * exact RTP at 99% confidence when |measured − exact| < 2.576·σ/√N.
 */

/** z of a two-sided 99% normal interval. */
export const Z_99 = 2.5758293035489004;

/**
 * Returns of rounds at one unit stake each, as multipliers in ten-thousandths. `sum` stays an exact integer
 * up to 2^53 (10^8 slot spins sum to about 10^12); the squares are only used for σ, so floats are fine.
 * A plain object, so worker threads can post it and the parts be merged.
 */
export type ReturnSample = { rounds: number; sum: number; sumOfSquares: number };

export function emptySample(): ReturnSample {
  return { rounds: 0, sum: 0, sumOfSquares: 0 };
}

/** Adds one round's multiplier (ten-thousandths, 0 for a loss). */
export function record(sample: ReturnSample, multiplier: number): void {
  sample.rounds += 1;
  sample.sum += multiplier;
  sample.sumOfSquares += multiplier * multiplier;
}

export function merge(...samples: ReturnSample[]): ReturnSample {
  return samples.reduce(
    (total, part) => ({
      rounds: total.rounds + part.rounds,
      sum: total.sum + part.sum,
      sumOfSquares: total.sumOfSquares + part.sumOfSquares,
    }),
    emptySample(),
  );
}

export type RtpEstimate = {
  rounds: number;
  /** Mean return per unit stake. */
  rtp: number;
  /** Sample standard deviation of the return per unit stake. */
  sigma: number;
  /** 2.576·σ/√N. */
  halfWidth99: number;
  low: number;
  high: number;
};

export function estimate(sample: ReturnSample, scale = 10_000): RtpEstimate {
  const { rounds } = sample;
  const mean = sample.sum / rounds / scale;
  const meanSquare = sample.sumOfSquares / rounds / (scale * scale);
  const sigma = Math.sqrt(Math.max(0, ((meanSquare - mean * mean) * rounds) / Math.max(1, rounds - 1)));
  const halfWidth99 = (Z_99 * sigma) / Math.sqrt(rounds);
  return { rounds, rtp: mean, sigma, halfWidth99, low: mean - halfWidth99, high: mean + halfWidth99 };
}

/** One kind of round in a mixed test run: how many were played, its exact RTP and exact variance per round. */
export type Stratum = { rounds: number; rtp: number; variance: number };

/**
 * Rounds of several kinds (options, strategies) mixed in known numbers: the expected mean return per round
 * and its standard error √(Σ nᵢσᵢ²) / N, exact when each kind's RTP and variance are.
 */
export function mixture(strata: readonly Stratum[]): { rounds: number; rtp: number; standardError: number } {
  const rounds = strata.reduce((sum, stratum) => sum + stratum.rounds, 0);
  const rtp = strata.reduce((sum, stratum) => sum + stratum.rounds * stratum.rtp, 0) / rounds;
  const variance = strata.reduce((sum, stratum) => sum + stratum.rounds * stratum.variance, 0);
  return { rounds, rtp, standardError: Math.sqrt(variance) / rounds };
}
