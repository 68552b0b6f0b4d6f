"""The host simulator (issue 7): how fast the simulated device runs, side by side.

Per hardware profile: wall time from `Simulator()` to the first frame on the
glass (what `make demo` waits for), device seconds simulated per wall second
with the display refreshed and without (logic only), the cost of one
screenshot, and the Pacific 1940 turn flow end to end. Then a 200-point
power-cut sweep of that flow on the sim profile (the firmware issue's
acceptance: 200 random cuts, nothing lost). Nothing here asserts a time; the
exit status is 1 only if the sweep lost something or a flow failed.
"""

import io
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host_sim import powercut  # noqa: E402
from host_sim.goldens import flow_text  # noqa: E402
from host_sim.headless import run_script  # noqa: E402
from host_sim.runtime import Simulator, profile_names  # noqa: E402

SWEEP_POINTS = 200


def profile_row(board):
    t0 = time.perf_counter()
    sim = Simulator(board)
    sim.boot()
    sim.run(frames=1)
    first = time.perf_counter() - t0
    # a minute of device time on the home screen (tower breathing), rendered
    t0 = time.perf_counter()
    sim.run(ms=10000)
    rendered = 10.0 / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for _ in range(20):
        sim.screenshot()
    shot_ms = (time.perf_counter() - t0) * 1000 / 20
    sim.close()
    sim = Simulator(board, render=False)
    sim.boot()
    t0 = time.perf_counter()
    sim.run(ms=10000)
    logic = 10.0 / (time.perf_counter() - t0)
    sim.close()
    t0 = time.perf_counter()
    status, info = run_script(board, flow_text("p40_turn"), stdout=io.StringIO(), stderr=io.StringIO())
    flow = time.perf_counter() - t0
    return first, rendered, logic, shot_ms, flow, status, info["presses"]


def demo_first_frame():
    """Wall seconds from starting `python -m host_sim` in a terminal to the device on screen."""
    import pty
    import select
    import tempfile
    with tempfile.TemporaryDirectory() as flash:
        t0 = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, "-m", "host_sim", "--flash", flash])
        seen = b""
        shown = None
        while time.perf_counter() - t0 < 60:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
                if b"\xe2\x96\x80" in seen and shown is None:
                    shown = time.perf_counter() - t0
                if b"boots=1" in seen and shown is not None:
                    break
        os.write(fd, b"q")
        os.waitpid(pid, 0)
        os.close(fd)
    return shown


def main():
    shown = demo_first_frame()
    print("make demo (python -m host_sim in a terminal): device on screen after %s"
          % ("%.2f s" % shown if shown is not None else "-- (not seen within 60 s)"))
    bad = 0
    print("%-12s %9s %14s %14s %9s %11s %8s" % ("profile", "1st frame", "device s/s", "logic s/s",
                                                  "shot", "p40 flow", "presses"))
    for board in profile_names():
        first, rendered, logic, shot_ms, flow, status, presses = profile_row(board)
        print("%-12s %8.2fs %13.1fx %13.1fx %7.1fms %10.1fs %8d%s"
              % (board, first, rendered, logic, shot_ms, flow, presses, "" if status == 0 else "  FAILED"))
        bad += status != 0
    print("device s/s: seconds of device time simulated per wall-clock second (>1: faster than the device)")
    t0 = time.perf_counter()
    results, frames, units = powercut.sweep("sim", flow_text("p40_turn"), points=SWEEP_POINTS, seed=2026)
    lost = [r for r in results if not r[2]]
    in_flash = sum(1 for r in results if r[0] == "flash")
    print("power cuts, p40_turn on sim: %d cuts (%d during flash activity, %d between frames) over %d frames "
          "and %d flash units: %d lost something (%.1f s)"
          % (len(results), in_flash, len(results) - in_flash, frames, units, len(lost), time.perf_counter() - t0))
    for kind, point, _ok, detail in lost:
        print("  LOST at %s %d: %s" % (kind, point, detail))
    return 1 if (lost or bad) else 0


if __name__ == "__main__":
    sys.exit(main())
