import type { ComponentChildren } from 'preact';

/**
 * The button a game's controls end with (play, spin, drop, bet, cash out): styled as the page's main
 * action, and found by the browser tests by its test id ("play" for every game's first move).
 */
export function PlayButton(props: {
  disabled: boolean;
  onPlay: () => unknown;
  /** A cash-out takes the play button's place while a round runs, in its own colour. */
  cashOut?: boolean;
  testId?: string;
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class={`button button--primary button--play${props.cashOut ? ' button--cashout' : ''}`}
      disabled={props.disabled}
      onClick={() => void props.onPlay()}
      data-testid={props.testId ?? 'play'}
    >
      {props.children}
    </button>
  );
}
