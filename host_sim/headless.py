"""Headless runs: a script on a profile, screenshots, LED frame log, event log.

    python -m host_sim --board pybadge --script flows/quick.txt --shots out/

writes out/NN-<mark>.png at each `shot` and out/NN-end.png at the end,
out/leds.log (every LED frame shown: time, pin, RRGGBB per pixel),
out/events.log (boots, keys, shots, screen changes, power cuts, crashes) and
returns the exit status: 0 fine, 1 the firmware raised, 2 the script failed
(an `expect` not met, a bad line) or text was cut off with --check-text.
"""

import os
import sys

from . import textcheck
from .runtime import Simulator
from .script import Runner, ScriptError, parse


def format_frame(frame):
    ms, pin, pixels = frame
    return "%d %s %s" % (ms, pin, " ".join("%02x%02x%02x" % p for p in pixels))


def write_logs(sim, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "leds.log"), "w") as f:
        f.write("# ms pin RRGGBB... (every frame shown on the strip, after brightness)\n")
        for frame in sim.led_log:
            f.write(format_frame(frame) + "\n")
    with open(os.path.join(out_dir, "events.log"), "w") as f:
        for ms, kind, detail in sim.events:
            f.write("%d %s %s\n" % (ms, kind, detail.replace("\n", " / ")))


def run_script(board, script_text, shots_dir=None, flash_dir=None, kiosk=False, check_text=False,
               stdout=None, stderr=None, faults=()):
    """Run a script on one profile. Returns (status, sim-less summary dict)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    problems = []

    def look(where, sim):
        """Every label measured against the screen (after each step and at each shot)."""
        display = sim.machine.display() if (check_text and sim.machine is not None) else None
        if display is None:
            return
        for p in textcheck.check(display):
            line = "%s: %s" % (board, p)
            if not any(line in q for q in problems):
                problems.append("%s (at %s)" % (line, where))

    def on_shot(name, img, sim):
        look("shot " + name, sim)

    if shots_dir is not None and os.path.isdir(shots_dir):
        for name in os.listdir(shots_dir):  # a previous run's shots would mix with this one's
            if (name.endswith(".png") and name[:2].isdigit() and name[2:3] == "-") or name in ("leds.log", "events.log"):
                os.remove(os.path.join(shots_dir, name))
    status = 0
    with Simulator(board, flash_dir=flash_dir, kiosk=kiosk, faults=faults) as sim:
        runner = Runner(sim, shots_dir, on_shot=on_shot)
        last_text = []
        sim.boot()
        sim.run(ms=300)
        try:
            commands = parse(script_text)
            for no, cmd, args in commands:
                runner.step(no, cmd, args)
                look("line %d" % no, sim)
                text = runner.screen_text()
                if text != last_text:
                    sim.log("screen", " | ".join(text))
                    last_text = text
                if sim.crashed:
                    break
            if not sim.crashed:
                sim.run(ms=200)
                runner.shot("end")
        except ScriptError as err:
            stderr.write("script: %s\n" % err)
            status = 2
            if sim.machine is not None and sim.screenshot() is not None:
                runner.shot("failed")
        if sim.crashed:
            stderr.write("firmware raised (profile %s):\n%s" % (board, sim.crashed))
            status = 1
        if problems:
            for p in problems:
                stderr.write("text: %s\n" % p)
            status = status or 2
        if shots_dir is not None:
            write_logs(sim, shots_dir)
        grid = getattr(sim.app, "grid", None)
        shortened = getattr(grid, "cut", None)
        note = "" if not shortened else ", firmware shortened %d texts to fit" % shortened
        stdout.write("%s: %d shots, %d presses, %d LED frames, %d boots, status %d%s\n"
                     % (board, len(runner.shots), runner.presses, len(sim.led_log), sim.boots, status, note))
        return status, {"shots": [(n, p) for n, p, _ in runner.shots], "presses": runner.presses,
                        "problems": problems}


QUICK_START = "press select\nseek down {title}\npress select\nexpect {first}\npress select\n"
FIRST_POWER = {"Pacific 1940": "Japan"}


def quick_start(sim, title="Pacific 1940"):
    """On a device with no saved game, start a new game of `title` through its own menus.

    Returns True when a game was started, False when one was resumed (the home menu offers
    "Continue game") or the menus did not lead there (left on whatever screen was reached).
    """
    from .script import Runner
    runner = Runner(sim, None)
    text = runner.screen_text()
    waited = 0
    while not text and waited < 2000 and sim.running:
        # right after boot the display has not refreshed yet (the interactive path calls this
        # before its first frame): run frames until the first screen is drawn
        sim.run(ms=100)
        waited += 100
        text = runner.screen_text()
    if any("Continue game" in t for t in text) or not any("New game" in t for t in text):
        return False
    script = QUICK_START.format(title=title, first=FIRST_POWER.get(title, ""))
    try:
        runner.run(parse(script))
    except ScriptError as err:
        sim.log("quick_start", "stopped: %s" % err)
        return False
    sim.log("quick_start", title)
    return True
