"""Engine figures a player sees are identical under single-precision floats (issue 14, point 3).

Every CircuitPython board computes in float32 (24-bit mantissa); a PC in double. The battle
screens show exact odds in tenths of a percent (engine_core.numfmt.percent) and the luck
ledger in hundredths of an IPC (trust.luck.cents). The same seeded random battles of every
edition (odds.random_battles: the engine's own dice, the same battles on every interpreter)
are solved on CPython and on the CircuitPython 10 unix port (float32, ../shared/circuitpython),
and every figure shown must be the same string."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CP = os.path.join(os.environ.get("ADJUTANT_CIRCUITPYTHON") or os.path.join(os.path.dirname(ROOT), "shared",
                                                                          "circuitpython"), "circuitpython-unix")

SCRIPT = r"""
from engine_core.odds.exact import odds
from engine_core.odds.random_battles import battles
from engine_core.numfmt import percent
from engine_core.trust.luck import cents
from engine_core import board
for ed in ("classic", "revised_lhtr", "pacific_1940", "global_1940"):
    units = board.load(ed).units
    for kind in ("land", "sea"):
        for a, d in battles(units, kind, COUNT, 7, 4):
            r = odds(ed, kind, a, d)
            print(ed, kind, sorted(a.items()), sorted(d.items()), percent(r["attacker_wins"]),
                  percent(r["defender_wins"]), percent(r["draw"]),
                  cents(r["defender_ipc_lost"] - r["attacker_ipc_lost"]))
# exact halves of the shown unit, which single precision computes just below the half (1/16 ->
# 0.06249999; a swing of 2.275): they differed before numfmt.half_up
for ed, kind, a, d in (("pacific_1940", "sea", {"strategic_bomber": 1}, {"battleship": 1}),
                       ("classic", "land", {"armor": 1, "fighter": 1}, {"armor": 1})):
    r = odds(ed, kind, a, d)
    print(ed, percent(r["attacker_wins"]), percent(r["defender_wins"]),
          cents(r["defender_ipc_lost"] - r["attacker_ipc_lost"]))
"""


def _run(cmd, env=None):
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc.stdout.splitlines()


@pytest.mark.skipif(not os.path.exists(CP), reason="no CircuitPython port at ../shared/circuitpython")
def test_shown_odds_identical_in_float32():
    """CL-C-12, LHTR-U-02, P40-C-76, P40-U-50 (combat values, support, surprise strike, two-hit
    ships: what the random battles exercise): every figure shown is the same string in float32."""
    script = SCRIPT.replace("COUNT", "25")
    host = _run([sys.executable, "-c", "import sys; sys.path.insert(0, %r)\n" % ROOT + script])
    cp = _run([CP, "-X", "heapsize=4M", "-c", script], env=dict(os.environ, MICROPYPATH=ROOT))
    assert len(host) == 202
    # win 1/16, lose 13/16 (tests/portable/test_odds.py); the bomber (12) is lost with 15/16, the
    # battleship (20) with 3/16: swing 20*3/16 - 12*15/16 = -7.5
    assert host[-2] == "pacific_1940 6.3% 81.3% -750"
    for h, c in zip(host, cp):
        assert h == c
    assert len(cp) == len(host)
