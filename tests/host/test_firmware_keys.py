"""Buttons to logical keys: debounce, long press, repeat (fake keypad)."""

from firmware import keys
from firmware.keys import Keys
from fw_device import KEYMAP, KeySource



def test_select_reported_on_release_and_counted():
    """P40-T-11: one purchase decision = one counted press of select."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(4, True)
    assert k.poll(0) == []
    src.push(4, False)
    assert k.poll(100) == ["select"]
    assert k.presses == 1


def test_bounce_within_debounce_window_is_ignored():
    """P40-T-11: contact bounce must not buy two units for one press."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(4, True)
    k.poll(0)
    src.push(4, False)
    src.push(4, True)  # bounce, same instant
    src.push(4, False)
    out = k.poll(5)  # 5 ms after the press: inside DEBOUNCE_MS
    assert out == []
    src.push(4, False)
    assert k.poll(100) == ["select"]


def test_long_press_fires_once_and_release_is_silent():
    """P40-T-01 undo is a long press of back: it fires once, at LONG_MS."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(5, True)
    assert k.poll(0) == []
    assert k.poll(keys.LONG_MS - 1) == []
    assert k.poll(keys.LONG_MS) == ["long_back"]
    assert k.poll(keys.LONG_MS + 500) == []
    src.push(5, False)
    assert k.poll(keys.LONG_MS + 600) == []


def test_arrows_act_on_press_and_repeat_while_held():
    """P40-T-11: holding right adds units: 1 on press, then one per REPEAT_MS after the delay."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(3, True)
    assert k.poll(0) == ["right"]
    assert k.poll(keys.REPEAT_DELAY_MS - 1) == []
    got = []
    t = keys.REPEAT_DELAY_MS
    while t < keys.REPEAT_DELAY_MS + 3 * keys.REPEAT_MS:
        got += k.poll(t)
        t += 10
    # repeats at DELAY, DELAY+REPEAT, DELAY+2*REPEAT (t stops before DELAY+3*REPEAT)
    assert got == ["right", "right", "right"]
    src.push(3, False)
    assert k.poll(t + 50) == []


def test_unknown_key_numbers_are_ignored():
    """P40-T-11: a key the profile does not map does nothing."""
    src = KeySource()
    k = Keys(src, KEYMAP)
    src.push(42, True)
    src.push(42, False)
    assert k.poll(0) == []
