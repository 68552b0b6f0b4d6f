"""Power-cut sweeps: pull the power at many points of a scripted game, check nothing is lost.

    python -m host_sim.powercut --flow p40_turn --board sim --points 200 [--seed 7]
    python -m host_sim.powercut --flow tournament --points 200   # a tournament: the log is the save

A reference run of the script records, after every frame, the firmware's
state (by default `app.session.payload()`: the game and the running battle,
exactly what the firmware saves) and how many flash units had been spent.
Then, for each point, a fresh device runs the same script and the power goes:

  * "flash" points: at the N-th flash unit (a byte written, a file opened for
    writing, a rename, a remove) -- most land in the middle of a save;
  * "frame" points: between two frames (nothing in flight).

The device is powered back on with the same flash. It must boot without an
error, and its state must be the state after the last completed action: the
reference state at the end of the last frame that completed before the cut,
or the state right after a flash operation of the cut frame that completed
before the cut (a frame may complete more than one action). Anything else (an older state, a mixture, a crash)
is a failure. Runs skip the display refresh (logic only), so a sweep is fast.

The flash is the board's (host_sim/flash.py): a cut during a write may wipe the whole 4 KB
erase sector being written, other files' bytes in it too (`tear=False` turns that off, to show
what the model catches); `--metadata` models FatFs' FAT and directory sectors too.

In tournament mode the state is the same payload, rebuilt at power-on from the seed record and
the log (firmware/tlog.py: two copies, committed by the tail record): each action's log lines are
one append, so the cut frame's states are the ones before and after each completed append.
"""

import argparse
import random
import sys

from .runtime import Simulator
from .script import Runner, ScriptError, parse


def default_state(app):
    """What the firmware saves: `app.session.payload()` (game + running battle), b"" with no game."""
    session = getattr(app, "session", None) if app is not None else None
    if session is None:
        return None
    if getattr(session, "game", None) is None and getattr(session, "battle", None) is None:
        return b""
    return bytes(session.payload())


def kiosk_state(app):
    """A store demo keeps nothing (the visitor's game is dropped at a restart): what must hold
    after a cut is that it comes back in kiosk mode, saving nothing."""
    if app is None:
        return None
    session = getattr(app, "session", None)
    return ("kiosk", bool(getattr(app, "kiosk", False)), getattr(session, "slots", 0) is None)


def _safe(state_fn, app):
    try:
        return state_fn(app)
    except Exception as err:  # pylint: disable=broad-except  # recorded, never equal to a real state
        return ("state_fn raised", type(err).__name__, str(err))


def is_kiosk(script_text):
    """A flow with a line `# mode: kiosk` runs the store demo (as host_sim.goldens runs it)."""
    return any(line.strip() == "# mode: kiosk" for line in script_text.splitlines())


def _run(board, commands, state_fn, arm_units=None, stop_after_frames=None, app_factory=None, ops=None,
         kiosk=False, tear=True, metadata=False):
    """Run the script (stopping at a power cut). Returns (sim, records).

    records: (flash units spent, state) at the end of the boot and of every frame;
    ops (if a list is given): (frame index, units spent, state) after every completed flash operation.
    """
    sim = Simulator(board, render=False, app_factory=app_factory, kiosk=kiosk, flash_tear=tear,
                    flash_metadata=metadata)
    records = []
    if ops is not None:
        sim.flash.op_hooks.append(lambda f: ops.append((len(records), f.spent, _safe(state_fn, sim.app))))

    def hook(s):
        records.append((s.flash.spent, _safe(state_fn, s.app)))
        if stop_after_frames is not None and len(records) >= stop_after_frames:
            s.power_cut()  # between two frames

    sim.frame_hooks.append(hook)
    if arm_units is not None:
        sim.flash.arm(arm_units)
    sim.boot()
    runner = Runner(sim, None)
    if not sim.dead:
        sim.run(ms=300)
    for no, cmd, args in commands:
        if sim.dead or sim.crashed:
            break
        try:
            runner.step(no, cmd, args)
        except ScriptError:
            if not sim.dead:  # a step that waited for the screen while the power was off
                raise
    sim.frame_hooks.remove(hook)
    return sim, records


class Reference:
    def __init__(self, records, ops, total):
        self.records = records  # (units, state) per completed frame (index 0: the boot)
        self.ops = ops          # (frame index, units, state) per completed flash operation
        self.total = total

    def acceptable(self, done, granted):
        """States a device may resume in when the power went in frame `done` after `granted` units:
        the end of the last completed frame, or any point of the cut frame up to the cut."""
        states = []
        if done >= 1:
            states.append(self.records[done - 1][1])
        for frame, units, state in self.ops:
            if frame == done and units <= granted:
                states.append(state)
        return states


def reference(board, script_text, state_fn=default_state, app_factory=None, tear=True, metadata=False):
    ops = []
    sim, records = _run(board, parse(script_text), state_fn, app_factory=app_factory, ops=ops,
                        kiosk=is_kiosk(script_text), tear=tear, metadata=metadata)
    total = sim.flash.spent
    crashed = sim.crashed
    sim.close()
    if crashed:
        raise RuntimeError("the reference run crashed:\n" + crashed)
    return Reference(records, ops, total)


def check_point(board, commands, ref, state_fn, kind, point, app_factory=None, kiosk=False, tear=True,
                metadata=False):
    """One cut and restart. Returns (ok, detail)."""
    if kind == "flash":
        sim, records = _run(board, commands, state_fn, arm_units=point, app_factory=app_factory, kiosk=kiosk,
                            tear=tear, metadata=metadata)
    else:
        sim, records = _run(board, commands, state_fn, stop_after_frames=point, app_factory=app_factory,
                            kiosk=kiosk, tear=tear, metadata=metadata)
    try:
        if not sim.dead:
            return True, "the run ended before the cut (nothing to check)"
        done = len(records)  # frames (and the boot) that completed before the cut
        granted = sim.flash.spent
        sim.restart()
        if sim.crashed:
            return False, "restart raised: " + sim.crashed.strip().splitlines()[-1]
        after = _safe(state_fn, sim.app)
        states = ref.acceptable(done, granted if kind == "flash" else -1)
        if states and after == states[0]:
            return True, "frame %d: state of the last completed frame" % done
        if after in states[1:]:
            return True, "frame %d: state after a save completed in the cut frame" % done
        return False, ("frame %d, unit %d: the state after restart is not the last completed frame's "
                       "nor one saved in the cut frame before the cut" % (done, granted))
    finally:
        sim.close()


def sweep(board, script_text, points=200, seed=1, state_fn=default_state, app_factory=None, flash_share=0.75,
          tear=True, metadata=False):
    """Cut at `points` random places. Returns (results, ref_frames, total_units);
    results are (kind, point, ok, detail)."""
    if state_fn is default_state and is_kiosk(script_text):
        state_fn = kiosk_state
    ref = reference(board, script_text, state_fn, app_factory, tear, metadata)
    total = ref.total
    commands = parse(script_text)
    rng = random.Random(seed)
    results = []
    for _ in range(points):
        if total and rng.random() < flash_share:
            kind, point = "flash", rng.randrange(0, total)
        else:
            kind, point = "frame", rng.randrange(1, len(ref.records))
        ok, detail = check_point(board, commands, ref, state_fn, kind, point, app_factory,
                                 is_kiosk(script_text), tear, metadata)
        results.append((kind, point, ok, detail))
    return results, len(ref.records), total


def main(argv=None, stdout=None):
    stdout = stdout or sys.stdout
    from .goldens import flow_text
    p = argparse.ArgumentParser(prog="python -m host_sim.powercut", description=__doc__.split("\n")[0])
    p.add_argument("--flow", default="p40_turn")
    p.add_argument("--board", default="sim")
    p.add_argument("--points", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--metadata", action="store_true",
                   help="FatFs' FAT and directory sectors written and torn too (host_sim/flash.py)")
    args = p.parse_args(argv)
    results, frames, units = sweep(args.board, flow_text(args.flow), args.points, args.seed,
                                   metadata=args.metadata)
    bad = [r for r in results if not r[2]]
    for kind, point, ok, detail in bad:
        stdout.write("LOST at %s %d: %s\n" % (kind, point, detail))
    flash_points = sum(1 for r in results if r[0] == "flash")
    stdout.write("%s on %s: %d cuts (%d during flash activity, %d between frames) over %d frames and %d flash units: "
                 "%d lost something\n" % (args.flow, args.board, len(results), flash_points,
                                          len(results) - flash_points, frames, units, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
