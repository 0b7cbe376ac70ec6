import { readStored, writeStored } from './storage.ts';

/**
 * Sounds synthesised with WebAudio: a few oscillator notes per cue, no audio files to download. Off until
 * the player turns it on (the choice is remembered); the AudioContext is made on the first cue after that,
 * inside the tap that asked for it, as browsers require.
 */
export type Cue =
  'click' | 'tick' | 'reel-stop' | 'win' | 'big-win' | 'lose' | 'reveal' | 'mine' | 'peg' | 'bonus';

export const SOUND_KEY = 'games-sound';

type Note = {
  at: number;
  freq: number;
  length: number;
  type?: OscillatorType;
  gain?: number;
  slideTo?: number;
};

const CUES: Record<Cue, Note[]> = {
  click: [{ at: 0, freq: 660, length: 0.05, type: 'square', gain: 0.05 }],
  tick: [{ at: 0, freq: 1200, length: 0.025, type: 'square', gain: 0.03 }],
  'reel-stop': [{ at: 0, freq: 180, length: 0.08, type: 'triangle', gain: 0.12, slideTo: 90 }],
  reveal: [{ at: 0, freq: 880, length: 0.09, type: 'sine', gain: 0.1, slideTo: 1320 }],
  peg: [{ at: 0, freq: 1500, length: 0.03, type: 'sine', gain: 0.05 }],
  win: [
    { at: 0, freq: 523, length: 0.12, type: 'triangle' },
    { at: 0.1, freq: 659, length: 0.12, type: 'triangle' },
    { at: 0.2, freq: 784, length: 0.2, type: 'triangle' },
  ],
  'big-win': [
    { at: 0, freq: 523, length: 0.12, type: 'square', gain: 0.06 },
    { at: 0.1, freq: 659, length: 0.12, type: 'square', gain: 0.06 },
    { at: 0.2, freq: 784, length: 0.12, type: 'square', gain: 0.06 },
    { at: 0.3, freq: 1047, length: 0.35, type: 'square', gain: 0.06 },
  ],
  bonus: [
    { at: 0, freq: 392, length: 0.1, type: 'sawtooth', gain: 0.05 },
    { at: 0.08, freq: 523, length: 0.1, type: 'sawtooth', gain: 0.05 },
    { at: 0.16, freq: 659, length: 0.1, type: 'sawtooth', gain: 0.05 },
    { at: 0.24, freq: 784, length: 0.1, type: 'sawtooth', gain: 0.05 },
    { at: 0.32, freq: 1047, length: 0.3, type: 'sawtooth', gain: 0.05 },
  ],
  lose: [{ at: 0, freq: 300, length: 0.25, type: 'sine', gain: 0.08, slideTo: 150 }],
  mine: [
    { at: 0, freq: 120, length: 0.4, type: 'sawtooth', gain: 0.12, slideTo: 40 },
    { at: 0, freq: 60, length: 0.5, type: 'square', gain: 0.08, slideTo: 30 },
  ],
};

export type SoundBoard = {
  readonly enabled: boolean;
  setEnabled(enabled: boolean): void;
  play(cue: Cue): void;
};

type AudioContextClass = typeof AudioContext;

export function createSoundBoard(): SoundBoard {
  let enabled = readStored(SOUND_KEY) === '1';
  let context: AudioContext | undefined;

  function audio(): AudioContext | undefined {
    if (context) return context;
    const Context =
      (window as { AudioContext?: AudioContextClass }).AudioContext ??
      (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Context) return undefined;
    context = new Context();
    return context;
  }

  return {
    get enabled() {
      return enabled;
    },
    setEnabled(next) {
      enabled = next;
      writeStored(SOUND_KEY, next ? '1' : '0');
      if (next) this.play('click');
    },
    play(cue) {
      if (!enabled) return;
      try {
        const ctx = audio();
        if (!ctx) return;
        if (ctx.state === 'suspended') void ctx.resume();
        const start = ctx.currentTime + 0.01;
        for (const note of CUES[cue]) {
          const oscillator = ctx.createOscillator();
          const gain = ctx.createGain();
          oscillator.type = note.type ?? 'sine';
          oscillator.frequency.setValueAtTime(note.freq, start + note.at);
          if (note.slideTo)
            oscillator.frequency.exponentialRampToValueAtTime(note.slideTo, start + note.at + note.length);
          const level = note.gain ?? 0.08;
          gain.gain.setValueAtTime(0.0001, start + note.at);
          gain.gain.exponentialRampToValueAtTime(level, start + note.at + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
          oscillator.connect(gain).connect(ctx.destination);
          oscillator.start(start + note.at);
          oscillator.stop(start + note.at + note.length + 0.02);
        }
      } catch {
        // Sound is decoration: a device that cannot play it still plays the game.
      }
    },
  };
}
