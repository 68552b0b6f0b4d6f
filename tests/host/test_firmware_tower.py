"""The LED dice tower on a plain list of pixels (no hardware)."""

from firmware import tower
from firmware.tower import Tower, ATTACKER, DEFENDER, DRAW


class Strip(list):
    """A pixel object: a list that counts show() calls."""

    def __init__(self, n):
        list.__init__(self, [(0, 0, 0)] * n)
        self.shows = 0

    def show(self):
        self.shows += 1


def _after_reveal(t, n):
    return tower.TUMBLE_MS + tower.REVEAL_MS * n + 1


def test_each_die_lights_hits_bright_misses_dim():
    """P40-C-78: attacker dice at or under the attack value hit -- each die one light, hits bright."""
    strip = Strip(8)
    t = Tower(strip, brightness=1.0, cap=1.0, budget=10 ** 6)
    # infantry attacking at 1: dice 1, 4, 1 -> hit, miss, hit (hand-worked)
    t.roll(ATTACKER, [1, 4, 1], [True, False, True], 0)
    t.update(_after_reveal(t, 3))
    red = tower.ATTACKER_COLOUR
    assert strip[0] == red
    assert strip[2] == red
    assert strip[1] == (red[0] * tower.MISS_LEVEL // 255, red[1] * tower.MISS_LEVEL // 255, 0)
    assert strip[3:] == [(0, 0, 0)] * 5


def test_defender_colour_differs_from_attacker():
    """P40-C-79: the defender's dice are shown in the defender's colour."""
    strip = Strip(4)
    t = Tower(strip, brightness=1.0, cap=1.0, budget=10 ** 6)
    t.roll(DEFENDER, [2], [True], 0)
    t.update(_after_reveal(t, 1))
    assert strip[0] == tower.DEFENDER_COLOUR
    assert tower.DEFENDER_COLOUR != tower.ATTACKER_COLOUR


def test_more_dice_than_pixels_never_hides_a_hit():
    """P40-C-78: 12 dice with one hit on a 5-pixel badge still show one bright light."""
    lights = tower.dice_lights(5, ATTACKER, [6] * 11 + [1], [False] * 11 + [True])
    levels = [lv for (_c, lv) in lights]
    assert levels == [tower.HIT_LEVEL] + [tower.MISS_LEVEL] * 4
    # 12 dice, all hits -> all bright; no hits -> all dim
    assert [lv for (_c, lv) in tower.dice_lights(5, 0, [1] * 12, [True] * 12)] == [255] * 5
    assert [lv for (_c, lv) in tower.dice_lights(5, 0, [6] * 12, [False] * 12)] == [24] * 5


def test_dice_revealed_one_by_one_after_tumble():
    """P40-C-51: dice are rolled and shown (here one at a time after the tumble)."""
    strip = Strip(6)
    t = Tower(strip, brightness=1.0, cap=1.0, budget=10 ** 6)
    t.roll(ATTACKER, [1, 1, 1], [True, True, True], 1000)
    assert t.is_busy(1000)
    t.update(1000 + tower.TUMBLE_MS)  # first die only
    lit = [p for p in strip[:3] if p != (0, 0, 0)]
    assert len(lit) == 1
    t.update(1000 + tower.TUMBLE_MS + 2 * tower.REVEAL_MS)
    assert all(p == tower.ATTACKER_COLOUR for p in strip[:3])
    assert not t.is_busy(1000 + tower.TUMBLE_MS + 3 * tower.REVEAL_MS)


def test_brightness_is_capped_per_channel_and_in_total():
    """P40-C-78 dice shown under the battery cap: no channel above brightness*cap, sum within budget."""
    strip = Strip(10)
    t = Tower(strip, brightness=1.0, cap=0.25)
    assert t.max_level() == 63  # int(255 * 0.25)
    t.roll(ATTACKER, [1] * 10, [True] * 10, 0)
    t.update(_after_reveal(t, 10))
    assert max(max(p) for p in strip) <= 63
    t2 = Tower(Strip(10), brightness=1.0, cap=1.0, budget=300)
    t2.outcome(DRAW, 0)
    t2.update(10 ** 6)  # held outcome colour on all ten pixels
    assert sum(sum(p) for p in t2.pixels) <= 300
    t.set_brightness(0.0)
    t.update(10 ** 6)
    assert all(p == (0, 0, 0) for p in strip)


def test_outcome_pulses_then_holds_winner_colour():
    """P40-C-100: the battle ends -- the winner's colour pulses, then holds."""
    strip = Strip(3)
    t = Tower(strip, brightness=1.0, cap=1.0, budget=10 ** 6)
    t.outcome(DEFENDER, 0)
    t.update(tower.PULSE_MS // 2)  # top of the first pulse
    assert strip[0] == tower.DEFENDER_COLOUR
    t.update(0)
    assert strip[0] == (0, 0, 0)
    t.update(tower.PULSE_MS * tower.PULSES + 5)
    assert strip[0] == tower.scale(tower.DEFENDER_COLOUR, 96)


def test_idle_breathing_rises_and_falls_and_writes_only_changes():
    """P40-T-01 between turns the tower breathes; frames are written only when they change."""
    strip = Strip(4)
    t = Tower(strip, brightness=1.0, cap=1.0, budget=10 ** 6)
    t.idle(0)
    t.update(0)
    low = strip[0]
    t.update(tower.BREATH_MS // 2)
    high = strip[0]
    assert sum(high) > sum(low)
    assert high == tower.scale(tower.IDLE_COLOUR, tower.BREATH_HIGH)
    shows = strip.shows
    assert t.update(tower.BREATH_MS // 2) is False  # same frame: nothing written
    assert strip.shows == shows


def test_order_maps_tower_bottom_to_strip_index():
    """P40-C-78: the first die lights the tower's bottom pixel whatever the wiring."""
    strip = Strip(4)
    t = Tower(strip, order=(3, 2, 1, 0), brightness=1.0, cap=1.0, budget=10 ** 6)
    t.roll(ATTACKER, [1], [True], 0)
    t.update(_after_reveal(t, 1))
    assert strip[3] == tower.ATTACKER_COLOUR
    assert strip[0] == (0, 0, 0)
