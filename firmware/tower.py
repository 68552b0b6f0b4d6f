"""The LED dice tower: dice as light, the battle's outcome, idle breathing.

Hardware is injected: `Tower` takes any pixel object that supports
`len(pixels)`, `pixels[i] = (r, g, b)` and (optionally) `show()`, so the
same code drives a NeoPixel strip, the simulator's recording strip or a
plain list in a test. The caller owns the clock: every method takes `now`
in milliseconds (the board's wrapping ticks: compared only through
`ticks_since`) and `update(now)` is called often from the cooperative
loop; a frame is written only when it differs from the last one.

Brightness is limited twice for battery life: every channel is scaled by
the user's brightness times `cap` (a hard ceiling), and the sum of all
channels of a frame never exceeds `budget` (roughly proportional to the
strip's current draw).

Modes, in the order a battle uses them:
  roll(side, values, hits, now)  tumbling light, then each die revealed
  outcome(winner, now)           the winner's colour pulses, then holds
  idle(now)                      slow breathing in a warm white
  off()
"""

ATTACKER = 0
DEFENDER = 1
DRAW = 2  # outcome() with no winner

# Full-scale colours before brightness limiting.
ATTACKER_COLOUR = (255, 24, 0)
DEFENDER_COLOUR = (0, 64, 255)
DRAW_COLOUR = (255, 160, 0)
IDLE_COLOUR = (255, 140, 60)

HIT_LEVEL = 255    # a hit shines at full (capped) brightness
MISS_LEVEL = 24    # a miss glows dimly: you can still count the dice

TUMBLE_MS = 600    # falling light before the dice are shown
REVEAL_MS = 70     # one die appears every REVEAL_MS
PULSE_MS = 400     # outcome: one pulse
PULSES = 3
BREATH_MS = 4000   # idle: one full breath
BREATH_LOW = 4
BREATH_HIGH = 48

from firmware.ticks import ticks_since

DEFAULT_CAP = 0.35  # never more than 35 % of full scale per channel
_BUDGET_PER_PIXEL = 160  # channel-sum budget per pixel at the cap

_MODE_OFF = 0
_MODE_ROLL = 1
_MODE_OUTCOME = 2
_MODE_IDLE = 3


def scale(colour, level):
    """`colour` scaled by `level` / 255 (integers only)."""
    return ((colour[0] * level) // 255, (colour[1] * level) // 255, (colour[2] * level) // 255)


def side_colour(side):
    if side == ATTACKER:
        return ATTACKER_COLOUR
    if side == DEFENDER:
        return DEFENDER_COLOUR
    return DRAW_COLOUR


def dice_lights(count, side, values, hits):
    """Per-pixel levels for one firing group on `count` pixels.

    Returns a list of `count` (colour, level) pairs, bottom pixel first.
    Each die gets its own pixel when they fit (in rolling order, hits
    bright, misses dim, unused pixels dark). With more dice than pixels the
    pixels share the dice evenly and a pixel shines bright when the dice it
    stands for include a hit, so no hit is ever invisible; hits are sorted
    first so the bright pixels form one block you can count.
    """
    colour = side_colour(side)
    out = [((0, 0, 0), 0)] * count
    n = len(values)
    if n == 0 or count == 0:
        return out
    if n <= count:
        for i in range(n):
            out[i] = (colour, HIT_LEVEL if hits[i] else MISS_LEVEL)
        return out
    nhits = 0
    for h in hits:
        if h:
            nhits += 1
    # pixel i stands for dice [i*n//count, (i+1)*n//count) of the hits-first order
    for i in range(count):
        first = i * n // count
        out[i] = (colour, HIT_LEVEL if first < nhits else MISS_LEVEL)
    return out


class Tower:
    """Dice tower animations on any pixel object."""

    def __init__(self, pixels, order=None, brightness=0.5, cap=DEFAULT_CAP, budget=None):
        self.pixels = pixels
        # order: pixel indices from the bottom of the tower to the top
        self.order = tuple(order) if order is not None else tuple(range(len(pixels)))
        self.cap = cap
        self.budget = budget if budget is not None else _BUDGET_PER_PIXEL * len(self.order)
        self.brightness = 0.5
        self.set_brightness(brightness)
        self.mode = _MODE_OFF
        self.start = 0
        self.side = ATTACKER
        self.lights = []
        self.frames = 0  # frames written (for tests and the bench)
        self._last = None

    # -- settings ---------------------------------------------------------
    def set_brightness(self, brightness):
        """User brightness 0.0 .. 1.0; the cap still applies on top."""
        if brightness < 0:
            brightness = 0.0
        if brightness > 1:
            brightness = 1.0
        self.brightness = brightness
        self._last = None  # force a rewrite at the new level

    def max_level(self):
        """The largest channel value any pixel may show (0..255)."""
        return int(255 * self.brightness * self.cap)

    # -- modes ------------------------------------------------------------
    def roll(self, side, values, hits, now):
        """Show one firing group: tumble, then reveal each die."""
        self.mode = _MODE_ROLL
        self.start = now
        self.side = side
        self.lights = dice_lights(len(self.order), side, values, hits)
        self.shown = len(values) if len(values) < len(self.order) else len(self.order)

    def outcome(self, winner, now):
        """Pulse the winner's colour (DRAW for none), then hold it dimly."""
        self.mode = _MODE_OUTCOME
        self.start = now
        self.side = winner

    def idle(self, now):
        if self.mode != _MODE_IDLE:
            self.mode = _MODE_IDLE
            self.start = now

    def off(self):
        self.mode = _MODE_OFF

    def revealed(self, now):
        """Dice shown so far by a roll (0 during the tumble)."""
        if self.mode != _MODE_ROLL:
            return 0
        t = ticks_since(now, self.start) - TUMBLE_MS
        if t < 0:
            return 0
        n = t // REVEAL_MS + 1
        return n if n < self.shown else self.shown

    def is_busy(self, now):
        """True while an animation is still moving (roll or outcome)."""
        if self.mode == _MODE_ROLL:
            return ticks_since(now, self.start) < TUMBLE_MS + REVEAL_MS * self.shown
        if self.mode == _MODE_OUTCOME:
            return ticks_since(now, self.start) < PULSE_MS * PULSES
        return False

    # -- frames -----------------------------------------------------------
    def frame(self, now):
        """The frame for time `now`: a list of (r, g, b), in strip order."""
        count = len(self.order)
        logical = [(0, 0, 0)] * count
        t = ticks_since(now, self.start)
        if self.mode == _MODE_ROLL:
            if t < TUMBLE_MS:
                # a light with a short tail falls from the top, again and again
                step = TUMBLE_MS // (2 * count) or 1
                head = count - 1 - (t // step) % count
                colour = side_colour(self.side)
                logical[head] = scale(colour, 255)
                if head + 1 < count:
                    logical[head + 1] = scale(colour, 64)
            else:
                revealed = (t - TUMBLE_MS) // REVEAL_MS + 1
                for i in range(count):
                    if i < revealed:
                        colour, level = self.lights[i]
                        logical[i] = scale(colour, level)
        elif self.mode == _MODE_OUTCOME:
            colour = side_colour(self.side)
            if t < PULSE_MS * PULSES:
                phase = t % PULSE_MS
                half = PULSE_MS // 2
                level = 255 * phase // half if phase < half else 255 * (PULSE_MS - phase) // half
            else:
                level = 96
            for i in range(count):
                logical[i] = scale(colour, level)
        elif self.mode == _MODE_IDLE:
            phase = t % BREATH_MS
            half = BREATH_MS // 2
            ramp = phase if phase < half else BREATH_MS - phase
            level = BREATH_LOW + (BREATH_HIGH - BREATH_LOW) * ramp // half
            for i in range(count):
                logical[i] = scale(IDLE_COLOUR, level)
        return self._limit(logical)

    def _limit(self, logical):
        top = self.max_level()
        out = [(0, 0, 0)] * len(self.pixels)
        total = 0
        for i in range(len(logical)):
            c = scale(logical[i], top)
            out[self.order[i]] = c
            total += c[0] + c[1] + c[2]
        if total > self.budget:
            for i in range(len(out)):
                c = out[i]
                out[i] = (c[0] * self.budget // total, c[1] * self.budget // total,
                          c[2] * self.budget // total)
        return out

    def update(self, now):
        """Write the frame for `now` if it changed; True when written."""
        frame = self.frame(now)
        if frame == self._last:
            return False
        pixels = self.pixels
        for i in range(len(frame)):
            pixels[i] = frame[i]
        if not getattr(pixels, "auto_write", False) and hasattr(pixels, "show"):
            pixels.show()
        self._last = frame
        self.frames += 1
        return True
