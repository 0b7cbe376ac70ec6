import type { LotteryNumbers } from '@app/contracts/lottery';

/** One ball: red or blue, lit when it matches the draw. */
export function Ball({
  number,
  color,
  hit = false,
}: {
  number: number;
  color: 'red' | 'blue';
  hit?: boolean;
}) {
  return (
    <span className={`ball ball--${color}${hit ? ' ball--hit' : ''}`} data-hit={hit ? '1' : undefined}>
      {String(number).padStart(2, '0')}
    </span>
  );
}

/** A ticket's or a draw's numbers in a row; against `drawn`, the matching ones are lit. */
export function BallRow({
  numbers,
  drawn,
  label,
}: {
  numbers: LotteryNumbers;
  drawn?: LotteryNumbers | null;
  label: string;
}) {
  return (
    <span className="ball-row" role="img" aria-label={label}>
      {numbers.red.map((number) => (
        <Ball key={`r${number}`} number={number} color="red" hit={!!drawn && drawn.red.includes(number)} />
      ))}
      <span className="ball-row__plus" aria-hidden="true">
        +
      </span>
      <Ball number={numbers.blue} color="blue" hit={!!drawn && drawn.blue === numbers.blue} />
    </span>
  );
}

/** The numbers of a canonical entry text (`03 07 12 19 25 31+09`). */
export function numbersOfEntry(entry: string): LotteryNumbers {
  const [red = '', blue = '0'] = entry.split('+');
  return { red: red.split(' ').map(Number), blue: Number(blue) };
}

/** The spoken form of a ticket: "3 7 12 19 25 31, blue 9". */
export function spokenNumbers(numbers: LotteryNumbers, blueWord: string): string {
  return `${numbers.red.join(' ')}, ${blueWord} ${numbers.blue}`;
}
