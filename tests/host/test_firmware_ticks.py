"""The board's clock wraps (supervisor.ticks_ms: modulo 2**29, 65 s after power-on): keys, tower,
sound and the kiosk timers keep working across the wrap.

The firmware-level tests below failed on the code that subtracted raw ticks (kept as the bug's
reproduction); the simulator test plays a game across several wraps of the simulator's clock,
which follows CircuitPython's by default.
"""

import adafruit_ticks

from firmware import ticks
from firmware import tower as tower_mod
from firmware.keys import Keys, LONG_MS, REPEAT_DELAY_MS, REPEAT_MS
from firmware.sound import PwmTone, Sound
from fw_device import KEYMAP, KeySource

PERIOD = 1 << 29
WRAP = PERIOD  # ticks value 0 comes right after PERIOD - 1



def t(ms_after_power_on):
    """CircuitPython's supervisor.ticks_ms() `ms_after_power_on` ms after power-on (worked by hand:
    the clock starts at 2**29 - 65000 and wraps to 0 at 65 s)."""
    return (PERIOD - 65000 + ms_after_power_on) % PERIOD


def test_helpers_are_adafruit_ticks_semantics():
    """P40-T-11 (every press counts): the helpers agree with adafruit_ticks, hand-worked values first."""
    assert t(0) == 536805912 and t(64999) == PERIOD - 1 and t(65000) == 0 and t(65001) == 1
    assert ticks.ticks_diff(5, PERIOD - 5) == 10       # 5 ms before the wrap to 5 ms after
    assert ticks.ticks_diff(PERIOD - 5, 5) == -10
    assert ticks.ticks_add(PERIOD - 5, 10) == 5
    assert ticks.ticks_add(5, -10) == PERIOD - 5
    assert ticks.ticks_less(PERIOD - 5, 5) and not ticks.ticks_less(5, PERIOD - 5)
    assert ticks.ticks_since(5, PERIOD - 5) == 10
    # a moment 4 days back: ticks_diff has turned negative, ticks_since has not
    four_days = 4 * 24 * 3600 * 1000
    then = t(1000)
    now = t(1000 + four_days)
    assert ticks.ticks_diff(now, then) < 0
    assert ticks.ticks_since(now, then) == four_days
    assert ticks.uptime_ms(t(1234)) == 1234 and ticks.uptime_ms(t(70000)) == 70000
    for a in (0, 1, 17, PERIOD // 2 - 1, PERIOD // 2, PERIOD // 2 + 1, PERIOD - 65000, PERIOD - 1):
        for b in (0, 3, PERIOD // 4, PERIOD // 2, PERIOD - 2, PERIOD - 1):
            assert ticks.ticks_diff(a, b) == adafruit_ticks.ticks_diff(a, b)
            assert ticks.ticks_less(a, b) == adafruit_ticks.ticks_less(a, b)
        for d in (-(PERIOD // 2) + 1, -1, 0, 1, 65000, PERIOD // 2 - 1):
            assert ticks.ticks_add(a, d) == adafruit_ticks.ticks_add(a, d)
    for d in (PERIOD // 2, -(PERIOD // 2)):
        try:
            ticks.ticks_add(0, d)
            raised = False
        except OverflowError:
            raised = True
        assert raised


def test_keys_pressed_before_the_wrap_still_work_after_it():
    """P40-T-11: the old code took every press after the wrap for contact bounce of the last
    press before it (now - last < DEBOUNCE_MS with now small and last near 2**29)."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(4, True)
    assert k.poll(t(64000)) == []
    src.push(4, False)
    assert k.poll(t(64100)) == ["select"]
    src.push(4, True)      # the next press, after the wrap
    assert k.poll(t(66000)) == []
    src.push(4, False)
    assert k.poll(t(66100)) == ["select"]
    assert k.presses == 2


def test_long_press_and_repeat_across_the_wrap():
    """P40-T-01 (undo is a long press of back) and P40-T-11 (held arrows buy more): held across the wrap."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(5, True)
    k.poll(t(64800))
    assert k.poll(t(64800 + LONG_MS - 20)) == []
    assert k.poll(t(64800 + LONG_MS)) == ["long_back"]
    src.push(5, False)
    assert k.poll(t(64800 + LONG_MS + 100)) == []   # the release after a long press is silent
    src.push(3, True)
    assert k.poll(t(64900)) == ["right"]
    # polled every 20 ms: repeats at the first poll >= REPEAT_DELAY_MS (460 ms after the press,
    # after the wrap), then REPEAT_MS later (580 ms)
    assert (REPEAT_DELAY_MS, REPEAT_MS) == (450, 120)
    out = []
    for ms in range(64900 + 20, 64900 + 580 + 1, 20):
        out += k.poll(t(ms))
    assert out == ["right", "right"]


def test_tower_animation_spanning_the_wrap_ends():
    """P40-C-78 (attacker dice are rolled and shown): a roll shown 100 ms before the wrap is over after
    TUMBLE_MS + REVEAL_MS per die; the old code kept is_busy() true for 6.2 days."""
    strip = [(0, 0, 0)] * 8
    tw = tower_mod.Tower(strip, brightness=1.0)
    start = t(64900)
    tw.roll(0, [1, 5, 2], [True, False, True], start)
    end = 64900 + tower_mod.TUMBLE_MS + 3 * tower_mod.REVEAL_MS
    assert tw.is_busy(t(end - 1))
    assert tw.revealed(t(64900 + tower_mod.TUMBLE_MS + tower_mod.REVEAL_MS)) == 2
    assert not tw.is_busy(t(end))
    tw.update(t(end))
    assert strip[0] != (0, 0, 0) and strip[1] != (0, 0, 0) and strip[3] == (0, 0, 0)
    tw.outcome(0, t(end))
    assert tw.is_busy(t(end + 100))
    assert not tw.is_busy(t(end + tower_mod.PULSE_MS * tower_mod.PULSES))


class FakePWM:
    def __init__(self):
        self.duty_cycle = 0
        self.frequency = 440


def test_a_beep_across_the_wrap_stops():
    """P40-C-78: the tick of a die revealed 10 ms before the wrap is silent 30 ms later (the old
    code waited for now >= 2**29 + 20, which never comes)."""
    pwm = FakePWM()
    s = Sound(PwmTone(pwm), True)
    s.beep(t(64990))
    assert pwm.duty_cycle != 0
    s.update(t(65010))
    assert pwm.duty_cycle != 0
    s.update(t(65020))
    assert pwm.duty_cycle == 0
    assert s.beeps == 1
