// The controls of a step view: the play view's DLX steps and the exact cover lab.
// First, back, next and last buttons, a slider, Play/Pause, and the left and right arrow keys
// while the focus is in the panel. The view draws a step when told to: show(k).
export class Stepper {
  // elements: {panel, range, first, back, next, last, play, speed?}; show(k) draws step
  // k of `length`; `ms`: milliseconds between steps when playing, unless a `speed` select
  // (steps a second) is given.
  constructor(elements, show, ms = 400) {
    this.el = elements;
    this.show = show;
    this.ms = ms;
    this.length = 0;
    this.index = 0;
    this.timer = null;
    const moves = { first: () => 0, back: (k) => k - 1, next: (k) => k + 1, last: () => Infinity };
    for (const [name, move] of Object.entries(moves)) {
      elements[name].addEventListener("click", () => {
        this.pause();
        this.go(move(this.index));
      });
    }
    elements.range.addEventListener("input", () => {
      this.pause();
      this.go(Number(elements.range.value) - 1);
    });
    elements.play.addEventListener("click", () => (this.timer === null ? this.play() : this.pause()));
    // The slider moves itself with the arrow keys.
    elements.panel.addEventListener("keydown", (event) => {
      const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!move || event.target === elements.range || !this.length) return;
      this.pause();
      this.go(this.index + move);
      event.preventDefault();
    });
  }

  // A new list of `length` steps, shown from step `k`.
  reset(length, k = 0) {
    this.pause();
    this.length = length;
    this.el.range.max = Math.max(length, 1);
    this.go(k);
  }

  // Shows step `k`, clamped to the steps there are.
  go(k) {
    this.index = Math.max(0, Math.min(k, this.length - 1));
    this.el.range.value = this.index + 1;
    this.el.first.disabled = this.el.back.disabled = this.index === 0;
    this.el.next.disabled = this.el.last.disabled = this.index >= this.length - 1;
    this.show(this.index);
  }

  // Steps on by itself until the last step, a pause or another control (from the first
  // step again when it stood at the last): `ms` apart, or as many steps a second as the
  // `speed` select says; faster than a frame allows, it takes several steps a frame.
  play() {
    if (this.index >= this.length - 1) this.go(0);
    this.el.play.setAttribute("aria-pressed", "true");
    this.el.play.textContent = "Pause";
    let last = performance.now(), owed = 0;
    const tick = (now) => {
      owed += ((now - last) / 1000) * (this.el.speed ? Number(this.el.speed.value) : 1000 / this.ms);
      last = now;
      if (owed >= 1) {
        this.go(this.index + Math.floor(owed));
        owed %= 1;
      }
      if (this.index >= this.length - 1) this.pause();
      else this.timer = requestAnimationFrame(tick);
    };
    this.timer = requestAnimationFrame(tick);
  }

  pause() {
    if (this.timer === null) return;
    cancelAnimationFrame(this.timer);
    this.timer = null;
    this.el.play.setAttribute("aria-pressed", "false");
    this.el.play.textContent = "Play";
  }
}
