"""Ledger timings and sizes, measured side by side (prints lines; asserts nothing).

  - one round of every edition with purchases, placements and income: actions, time, save size
  - undo = replay of the journal: its cost against the journal's length (1, 5, 10 rounds)
  - save + load round trip
  - under MicroPython (if the unix port is installed next to this Python): heap used by a
    Pacific 1940 and a Global 1940 game after one round, bytecode loaded as .mpy
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine_core.ledger.game import Game  # noqa: E402
from engine_core.ledger import save as save  # noqa: E402


def _round(g):
    b = g.board
    for _ in range(len(b.turn_order)):
        start = g.state.game_turn
        while g.state.game_turn == start and g.state.victory < 0:
            if g.prompt is not None:
                g.apply({"type": "answer", "value": 0})
                continue
            ph = g.summary()["phase"]
            p = b.turn_order[g.state.turn]
            if ph == "purchase" and g.state.treasury[p] >= 6:
                g.apply({"type": "purchase", "units": {"infantry": 2}})
            if ph == "mobilize" and g.state.pool:
                for t in range(b.territory_count):
                    if g.state.owner[t] == p and g.state.facilities[t] & 7 and not g.state.captured[t]:
                        try:
                            g.apply({"type": "place", "territory": t, "units": {"infantry": 2}})
                        except ValueError:
                            continue
                        break
            g.apply({"type": "end_phase"})


def _ms(t0):
    return (time.perf_counter() - t0) * 1000.0


def main():
    print("bench_game: ledger timings (CPython %s)" % sys.version.split()[0])
    for ed in ("classic", "revised_lhtr", "pacific_1940", "global_1940"):
        g = Game.new(ed, seed=1)
        t0 = time.perf_counter()
        _round(g)
        t_round = _ms(t0)
        data = save.dumps(g)
        t0 = time.perf_counter()
        save.loads(data)
        t_load = _ms(t0)
        print("  %-13s one round: %3d actions in %6.1f ms; save %4d bytes; load (replay) %6.1f ms"
              % (ed, len(g.state.journal), t_round, len(data), t_load))
    g = Game.new("global_1940", seed=2)
    done = 0
    for rounds in (1, 5, 10):
        while done < rounds:
            _round(g)
            done += 1
        n = len(g.state.journal)
        t0 = time.perf_counter()
        g.undo()
        t_undo = _ms(t0)
        g.replay(list(g.state.journal))
        print("  global_1940 after %2d rounds: %4d entries, undo (full replay) %7.1f ms, %5.2f ms per entry, save %5d bytes"
              % (rounds, n, t_undo, t_undo / max(1, n), len(save.dumps(g))))
    _micropython_heap()


def _micropython_heap():
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    build = os.path.join(ROOT, "build", "mpy")
    if not os.path.exists(mp) or not os.path.isdir(build):
        print("  (MicroPython heap figures: run `make gate` first to build the .mpy files)")
        return
    script = (
        "import gc\n"
        "from engine_core.ledger.game import Game\n"
        "for ed in ('pacific_1940', 'global_1940'):\n"
        "    gc.collect(); a = gc.mem_alloc()\n"
        "    g = Game.new(ed)\n"
        "    for i in range(60):\n"
        "        if g.prompt is not None: g.apply({'type': 'answer', 'value': 0})\n"
        "        else: g.apply({'type': 'end_phase'})\n"
        "    gc.collect(); print('  MicroPython: %s game after 60 actions: heap %d bytes in use (modules + data), %d free of 400 KB' % (ed, gc.mem_alloc(), gc.mem_free()))\n"
        "    g = None\n"
    )
    env = dict(os.environ)
    env["MICROPYPATH"] = build
    try:
        out = subprocess.run([mp, "-X", "heapsize=400K", "-c", script], capture_output=True, text=True,
                             cwd=ROOT, env=env, timeout=300)
        sys.stdout.write(out.stdout or out.stderr)
    except (OSError, subprocess.TimeoutExpired) as e:
        print("  MicroPython heap: not measured (%s)" % e)


if __name__ == "__main__":
    main()
