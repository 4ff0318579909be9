/* The table's sounds: a click for a card played, a chime when the turn comes, drawn by the
   browser (no files), after the player's first click, unless turned off. */
let audio = null;
export function soundOn() { return localStorage.getItem("koloda.sound") !== "0"; }
function tone(freq, ms, volume) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state !== "running") return;  // sound starts after the player's first click
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(volume, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
  } catch { /* no sound on this machine */ }
}
export function click() { tone(520, 60, 0.04); }
export function chime() { tone(880, 220, 0.06); }
/* The first click of the page lets sound start (browsers hold it until then). */
export function wakeSound() {
  if (audio && audio.state === "suspended") audio.resume();
  else if (!audio && soundOn()) { try { audio = new AudioContext(); } catch { /* none */ } }
}
