"""Sound the way each board can make it, against a simulator that refuses what the board refuses.

The PyBadge/PyGamer speaker is on the SAMD51's DAC pin (PA02), which has no PWM timer: CircuitPython's
`pwmio.PWMOut(board.SPEAKER)` raises ValueError there. The firmware used PWM, so once `sound=on` was
saved the app crashed at every boot (the first test reproduces that against the strict fake). Now the
profile's SPEAKER says how (audioio on the DAC, PWM where a timer exists, none), and a board that
refuses leaves sound off with the reason kept for the settings screen.

Pin capabilities come from host_sim/boards.py (CircuitPython's pins.c and the SAMD51 pin table).
"""

from firmware import hardware
from firmware import sound as sound_mod
from host_sim import boards
from host_sim.runtime import Simulator


class Probe:
    """A tiny app that tries the board's sound modules the way firmware would, recording results."""

    def __init__(self, profile):
        self.results = {}
        import board
        for key, fn in (("pwm_speaker", lambda: __import__("pwmio").PWMOut(board.SPEAKER)),
                        ("dac_speaker", lambda: __import__("audioio").AudioOut(board.SPEAKER)),
                        ("pwm_d13", lambda: __import__("pwmio").PWMOut(board.D13)),
                        ("dac_d13", lambda: __import__("audioio").AudioOut(board.D13)),
                        ("pwm_gp13", lambda: __import__("pwmio").PWMOut(board.GP13))):
            try:
                fn()
                self.results[key] = "ok"
            except (ValueError, ImportError, AttributeError) as err:
                self.results[key] = type(err).__name__ + ": " + str(err)

    def tick(self):
        pass


def _probe(profile):
    sim = Simulator(profile, app_factory=Probe, render=False)
    try:
        sim.boot()
        assert sim.crashed is None, sim.crashed
        return sim.app.results
    finally:
        sim.close()


def test_the_fake_refuses_pwm_on_the_pybadge_speaker_as_the_board_does():
    """P40-C-78 (dice shown, and heard): PA02 has no timer (samd51 pin table: NO_TIMER x3), it is DAC0."""
    r = _probe("pybadge")
    assert r["pwm_speaker"] == "ValueError: Invalid pin"      # the old firmware's call: the boot crash
    assert r["dac_speaker"] == "ok"
    assert r["pwm_d13"] == "ok"                               # PA23: TCC1/TCC0
    assert r["dac_d13"] == "ValueError: Invalid pin"          # only PA02/PA05 are DAC outputs
    r = _probe("pico_st7789")
    assert r["dac_speaker"].startswith("ImportError")         # RP2040 CircuitPython has no audioio
    assert r["pwm_gp13"] == "ok"                              # every RP2040 GPIO is on a PWM slice


def test_a_pin_in_use_is_refused():
    """P40-C-78: a second PWMOut on the same pin fails (ValueError "... in use"), until deinit()."""

    class Twice:
        def __init__(self, profile):
            import board
            import pwmio
            first = pwmio.PWMOut(board.D13)
            try:
                pwmio.PWMOut(board.D13)
                self.second = "ok"
            except ValueError as err:
                self.second = str(err)
            first.deinit()
            pwmio.PWMOut(board.D13)
            self.third = "ok"

        def tick(self):
            pass

    sim = Simulator("pybadge", app_factory=Twice, render=False)
    try:
        sim.boot()
        assert sim.crashed is None, sim.crashed
        assert sim.app.second == "D13 in use" and sim.app.third == "ok"
    finally:
        sim.close()


def test_every_profile_speaker_is_one_its_boards_can_drive():
    """P40-C-78: each profile's SPEAKER names a pin with the capability on every board id it covers."""
    for name in hardware.PROFILES:
        p = hardware.load(name)
        spec = p.SPEAKER
        if spec is None:
            continue
        kind, pin, enable = spec
        for board_id in p.BOARD_IDS:
            if board_id not in boards.BOARDS and board_id not in boards.ALIASES:
                continue
            assert pin in boards.spec(board_id)["pins"], (name, board_id)
            assert enable is None or enable in boards.spec(board_id)["pins"]
            if kind == "dac":
                assert boards.can_dac(board_id, pin) and boards.has_module(board_id, "audioio"), (name, board_id)
            else:
                assert kind == "pwm" and boards.can_pwm(board_id, pin), (name, board_id)
    assert hardware.load("pybadge").SPEAKER == ("dac", "SPEAKER", "SPEAKER_ENABLE")


def test_square_wave_is_one_period_around_mid_scale():
    """P40-C-78: the tick is a square wave: 16 samples per period, so 880 Hz plays at 14080 samples/s."""
    buf, rate = sound_mod.square_wave(880)
    assert rate == 880 * 16
    assert list(buf) == [0x8000 + 0x3000] * 8 + [0x8000 - 0x3000] * 8


def _save_sound_on(sim):
    def turn_on():
        sim.app.settings.sound = True
        sim.app.save_settings()
    sim._run(turn_on)  # pylint: disable=protected-access  # firmware code, with the device's flash in place


def test_sound_on_saved_on_a_pybadge_boots_and_beeps_on_the_dac():
    """P40-C-78: the old bug (sound=on saved, PWMOut on the DAC pin, crash at every boot) is gone: the
    PyBadge boots, drives SPEAKER_ENABLE high and plays the tick as an AudioOut sample, then stops it."""
    sim = Simulator("pybadge", render=False)
    try:
        sim.boot()
        _save_sound_on(sim)
        sim.restart()
        assert sim.crashed is None, sim.crashed
        assert sim.app.sound.enabled and type(sim.app.sound.tone).__name__ == "DacTone"  # the device's own module
        assert sim.machine.levels.get("SPEAKER_ENABLE") is True
        sim._run(lambda: sim.app.tower.roll(0, [1, 5], [True, False], sim.app.now()))  # pylint: disable=protected-access
        sim.run(ms=2000)
        plays = [e for e in sim.machine.sound_log if e[1] == "play"]
        stops = [e for e in sim.machine.sound_log if e[1] == "stop"]
        assert len(plays) == 2 and len(stops) == 2     # one tick per die revealed, each ended
        assert plays[0][2] == 880 * 16
        assert all(stops[i][0] - plays[i][0] in (40, 60) for i in range(2))  # 30 ms, on 20 ms frames
        assert not sim.app.sound.tone.audio.playing
    finally:
        sim.close()


def test_a_refusing_speaker_leaves_sound_off_and_says_why():
    """P40-C-78: on a board whose DAC is not there (the profile's speaker pin refused), the app boots,
    sound stays off and `sound.why` holds the board's words; a board with no speaker says so."""
    saved = boards.BOARDS["pybadge"]["dac"]
    boards.BOARDS["pybadge"]["dac"] = ()
    sim = Simulator("pybadge", render=False)
    try:
        sim.boot()
        _save_sound_on(sim)
        sim.restart()
        assert sim.crashed is None, sim.crashed
        assert not sim.app.sound.enabled and sim.app.sound.tone is None
        assert sim.app.sound.why == "ValueError: Invalid pin"
        assert "SPEAKER_ENABLE" not in sim.machine.claimed     # freed again: a retry finds it free
        def open_settings():
            import sys
            sim.app.push(sys.modules["firmware.screens.system"].Settings(sim.app))
        sim._run(open_settings)  # pylint: disable=protected-access
        lines = [text for text, _style in sim.app.view().lines()]
        assert any(t.startswith("No sound: ValueError") for t in lines), lines
        sim._run(lambda: sim.app.set_sound(True))  # pylint: disable=protected-access
        assert sim.crashed is None and not sim.app.sound.enabled
    finally:
        boards.BOARDS["pybadge"]["dac"] = saved
        sim.close()
    sim = Simulator("pico_st7789", render=False)
    try:
        sim.boot()
        _save_sound_on(sim)
        sim.restart()
        assert sim.crashed is None and not sim.app.sound.enabled
        assert sim.app.sound.why == "no speaker"
    finally:
        sim.close()


def test_a_device_failing_mid_game_turns_sound_off():
    """P40-C-78: a tone device that raises while playing never takes the app down."""

    class Broken:
        def on(self, frequency):
            raise RuntimeError("DAC busy")

        def off(self):
            pass

    s = sound_mod.Sound(Broken(), True)
    s.beep(100)
    assert not s.enabled and s.tone is None and s.why == "RuntimeError: DAC busy" and s.beeps == 0
    s.beep(200)
    s.update(300)
    assert s.beeps == 0
