"""Ledger timings: a Pacific 1940 round of actions, undo (journal replay) and save/load,
measured side by side. Prints human-readable lines; asserts nothing."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine_core.game import Game
from engine_core import save


def _round(g):
    for _ in range(len(g.board.turn_order)):
        start = g.state.game_turn
        while g.state.game_turn == start:
            if g.prompt is not None:
                g.apply({"type": "answer", "value": 0})
            else:
                g.apply({"type": "end_phase"})


def main():
    for ed in ("pacific_1940", "global_1940"):
        t0 = time.time()
        g = Game.new(ed, seed=1)
        t1 = time.time()
        _round(g)
        t2 = time.time()
        n = len(g.state.journal)
        g.undo()
        t3 = time.time()
        data = save.dumps(g)
        save.loads(data)
        t4 = time.time()
        print("%s: new %.1f ms, one round (%d actions) %.1f ms, undo (replay) %.1f ms, save+load %.1f ms, save %d bytes"
              % (ed, (t1 - t0) * 1000, n, (t2 - t1) * 1000, (t3 - t2) * 1000, (t4 - t3) * 1000, len(data)))


if __name__ == "__main__":
    main()
