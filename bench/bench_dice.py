"""Dice generator speed: engine_core.dice versus CPython's random (reference only;
game dice never come from `random`), and under MicroPython."""
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from engine_core.dice import Dice  # noqa: E402

N = 200000
t0 = time.perf_counter()
Dice(1).roll(N)
t1 = time.perf_counter()
r = random.Random(1)
[r.randint(1, 6) for _ in range(N)]
t2 = time.perf_counter()
print("CPython: %d rolls engine dice %.3f s, random.randint %.3f s, ratio %.2f" % (N, t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1)))
mp = os.path.join(os.path.dirname(sys.executable), "micropython")
code = ("import time\nfrom engine_core.dice import Dice\nd=Dice(1)\nt=time.ticks_ms()\n"
        "for _ in range(%d): d.roll(100)\nprint(time.ticks_diff(time.ticks_ms(), t))" % (N // 100))
out = subprocess.run([mp, "-X", "heapsize=192K", "-c", code], cwd=ROOT, capture_output=True, text=True,
                     env=dict(os.environ, MICROPYPATH="."))
print("MicroPython: %d rolls %s ms %s" % (N, out.stdout.strip(), out.stderr.strip()[-200:]))
