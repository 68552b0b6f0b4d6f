"""The simulator's clock is CircuitPython's (supervisor.ticks_ms: 2**29 - 65000 at power-on, wrapping
at 2**29 ms), and the firmware plays across several wraps: keys (a long press held over the wrap),
a battle's dice on the tower ending (BattleRun waits on is_busy), sound ticks that stop, and the
store demo's attract loop and timeouts.

Between wraps the device sits idle and the test moves the clock on to a few hundred ms before the
next one (`_before_wrap`): 6.2 days of 20 ms frames would take hours, and nothing time-dependent
runs while no key is held and no animation moves. firmware/ticks.py keeps `ticks_since` right for
intervals up to a whole period.
"""

from host_sim.runtime import BOOT_MS, Simulator
from host_sim.script import Runner, parse

PERIOD = 1 << 29


def _before_wrap(sim, ms):
    """Move the idle device's clock on to `ms` before the next wrap of ticks_ms."""
    t = sim.clock.ticks_ms()
    sim.clock.advance((PERIOD - t - ms) % PERIOD)
    assert sim.clock.ticks_ms() == PERIOD - ms


def _record_keys(sim):
    """Every logical key the firmware's Keys reports, in order."""
    seen = []
    keys = sim.app.keys
    poll = keys.poll

    def recording(now):
        out = poll(now)
        seen.extend(out)
        return out
    keys.poll = recording
    return seen


def test_clock_starts_65_s_before_its_wrap_at_every_power_on():
    """P40-T-11 (a press always counts): ticks_ms is 2**29 - 65000 + uptime; a reboot starts it again."""
    sim = Simulator("sim", render=False)
    try:
        sim.boot()
        # the firmware boots start_ms (1000) after power-on and its loop starts BOOT_MS later
        assert sim.clock.ticks_ms() == PERIOD - 65000 + 1000 + BOOT_MS
        sim.run(ms=62000)
        assert sim.clock.ticks_ms() == 1000   # wrapped at 65 s of uptime
        sim.restart()
        assert sim.clock.ticks_ms() == PERIOD - 65000 + 1000 + BOOT_MS
    finally:
        sim.close()


def test_a_game_across_several_wraps_keys_tower_and_sound():
    """P40-T-11, P40-T-01 (undo is a long press), P40-C-78 (each die shown and heard): on a PyBadge with
    sound on, a free battle whose roll is shown across the first wrap ends its animation and rolls on;
    presses after the wrap count; a long press held over the second wrap fires once; the tick of a die
    across the third wrap stops after 30 ms."""
    sim = Simulator("pybadge")
    try:
        sim.boot()

        def sound_on():
            sim.app.settings.sound = True
            sim.app.save_settings()
        sim._run(sound_on)  # pylint: disable=protected-access  # firmware code, the device's flash in place
        sim.restart()
        assert sim.crashed is None and sim.app.sound.enabled
        seen = _record_keys(sim)
        runner = Runner(sim)
        runner.run(parse("\n".join((
            "seek down Battle board", "press select",
            "seek down infantry", "press right x3", "press select",
            "seek up infantry", "press right x2", "press roll",
        ))))
        assert type(sim.app.top()).__name__ == "BattleRun"
        # wrap 1: the dice of the first round are shown across it
        _before_wrap(sim, 150)
        plays = len(sim.machine.sound_log)
        runner.run(parse("press select"))
        tower = sim.app.tower
        assert tower.mode == 1  # rolling
        sim.run(ms=3000)
        now = sim.app.now()
        assert sim.clock.ticks_ms() < 5000  # past the wrap
        assert not tower.is_busy(now)
        assert sim.app.sound.beeps > 0 and len(sim.machine.sound_log) > plays
        assert sim.machine.sound_log[-1][1] == "stop" and not sim.app.sound.tone.audio.playing
        # the battle goes on after the wrap: every press still counts
        before = sim.app.keys.presses
        for _ in range(12):
            if sim.app.session.battle is None or sim.app.session.battle.result is not None:
                break
            runner.run(parse("press select"))
            sim.run(ms=3000)
        assert sim.app.keys.presses > before
        assert sim.app.session.battle is None or sim.app.session.battle.result is not None or \
            type(sim.app.top()).__name__ != "BattleRun"
        # wrap 2: back held from 300 ms before the wrap to 500 ms after: one long press
        sim.run(ms=100)
        _before_wrap(sim, 300)
        del seen[:]
        sim.key_down("back")
        sim.run(ms=800)
        sim.key_up("back")
        sim.run(ms=200)
        assert seen == ["long_back"], seen
        # wrap 3: a tick of sound across it stops 30 ms later
        _before_wrap(sim, 10)
        sim._run(lambda: sim.app.sound.beep(sim.app.now()))  # pylint: disable=protected-access
        n = len(sim.machine.sound_log)
        sim.run(ms=100)
        assert sim.machine.sound_log[n - 1][1] == "play" and sim.machine.sound_log[n][1] == "stop"
        assert sim.machine.sound_log[n][0] - sim.machine.sound_log[n - 1][0] == 40  # 30 ms, on 20 ms frames
        assert sim.crashed is None
    finally:
        sim.close()


def test_store_demo_across_wraps():
    """P40-T-11: the attract loop keeps stepping across a wrap (it waited for 2**29 ms before), a
    guided demo started 10 s before a wrap returns to attract 30 s after the last press, and one
    started just before another wrap ends after its two minutes."""
    sim = Simulator("sim", kiosk=True, render=False)
    try:
        sim.boot()
        sim.run(ms=3000)
        attract = sim.app.top()
        assert type(attract).__name__ == "Attract"
        _before_wrap(sim, 1000)
        rolls = attract.rolls
        steps = attract.next_step
        sim.run(ms=12000)   # 11 s after the wrap: four or five attract steps
        assert attract.next_step != steps and attract.rolls > rolls
        # a visitor presses a button 10 s before the next wrap; 30 s without a press ends the demo
        _before_wrap(sim, 10000)
        sim.press("select")
        assert type(sim.app.top()).__name__ != "Attract"
        sim.run(ms=29000)
        assert type(sim.app.top()).__name__ != "Attract"
        sim.run(ms=2000)
        assert type(sim.app.top()).__name__ == "Attract"
        # another visitor just before the following wrap keeps pressing: the demo ends at 2 minutes
        _before_wrap(sim, 500)
        sim.press("select")
        for _ in range(9):
            sim.run(ms=12000)
            sim.press("down")
        assert type(sim.app.top()).__name__ != "Attract"   # 110 s in
        sim.run(ms=12000)
        assert type(sim.app.top()).__name__ == "Attract"
        assert sim.crashed is None
    finally:
        sim.close()
