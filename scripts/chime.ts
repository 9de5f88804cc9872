// Writes the orders board's sounds once, generated here so the repository holds no third-party sound:
// the chime of a new order (public/sounds/chime.wav, two soft bell tones) and the call from a table
// (public/sounds/call.wav, three quick rising tones, told apart at a glance). Run again only to change them.
// Usage: node scripts/chime.ts
import { writeFileSync } from "node:fs";

const RATE = 22050;

/** Each note a sine with a quick attack and an exponential fade, like a door bell; a 16-bit mono PCM WAV. */
function bell(file: string, seconds: number, notes: readonly { hz: number; at: number }[]) {
  const SECONDS = seconds;
  const NOTES = notes;
  const samples = new Int16Array(Math.round(RATE * SECONDS));
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    let value = 0;
    for (const note of NOTES) {
      const local = t - note.at;
      if (local < 0) continue;
      const envelope = Math.min(1, local / 0.005) * Math.exp(-local * 4);
      value += 0.4 * envelope * (Math.sin(2 * Math.PI * note.hz * local) + 0.3 * Math.sin(4 * Math.PI * note.hz * local));
    }
    samples[i] = Math.max(-32767, Math.min(32767, Math.round(value * 32767)));
  }

  // A 16-bit mono PCM WAV: a 44-byte header, then the samples (little-endian).
  const data = Buffer.from(samples.buffer);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(new URL(`../public/sounds/${file}`, import.meta.url), Buffer.concat([header, data]));
}

// A new order: E6 then C6.
bell("chime.wav", 1.2, [
  { hz: 1318.5, at: 0 },
  { hz: 1046.5, at: 0.35 },
]);
// A call from a table: G5, B5, D6 in quick succession.
bell("call.wav", 1.2, [
  { hz: 784, at: 0 },
  { hz: 987.8, at: 0.15 },
  { hz: 1174.7, at: 0.3 },
]);
