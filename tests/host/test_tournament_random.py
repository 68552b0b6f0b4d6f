"""Tournament mode over random games of every edition (issue 9): each log verifies, replays to
the same state, and every bank entry is accounted for by the action's events."""
import os
import random
import sys

from engine_core import board as B
from engine_core.trust.audit import verify_log
from engine_core.trust.tournament import Tournament, replay
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import make_action  # noqa: E402

_SECOND_UNIT = {"classic": "armor"}


def _game(edition, seed):
    t = Tournament(edition, seed, luck=False)
    rng = random.Random(seed)
    for i in range(60):
        try:
            t.apply(make_action(rng, t.game))
        except Exception:  # noqa: BLE001 - refused actions log nothing (checked below)
            pass
        if i % 20 == 10:
            b = t.start_battle("land", {"infantry": rng.randint(1, 3), _SECOND_UNIT.get(edition, "artillery"): 1},
                               {"infantry": rng.randint(1, 3)}, 0, 1)
            while b.prompt is not None:
                t.answer(None)
    return t


def test_random_tournament_games_verify_and_account_for_every_ipc():
    """CL-E-10 CL-E-11 LHTR-E-14 LHTR-E-15 P40-T-12 G40-E-01: every treasury change in the log
    names the events that account for it, and the log replays to the same state."""
    for i, ed in enumerate(B.EDITIONS):
        for k in range(3):
            t = _game(ed, 100 * i + k)
            lines = t.finish()
            ok, where, msg = verify_log(lines)
            assert ok, (ed, msg)
            ok, where, msg, again = replay(lines, luck=False)
            assert ok, (ed, where, msg)
            assert again.game.state.snapshot() == t.game.state.snapshot()
            assert again.game.state.journal == t.game.state.journal
            for line in lines[1:-1]:
                n, kind, body, _h = line.split("|")
                if kind == "bank":
                    assert "unaccounted" not in body and not body.endswith(" none"), (ed, line)
            assert sum(1 for l in lines if l.split("|")[1:2] == ["action"]) == len(t.game.state.journal) + \
                2 * sum(1 for l in lines if l.split("|")[2:3] == ["undo"])


def test_any_character_changed_is_named_at_its_line():
    """CL-C-02 CL-E-10: in a real tournament log, one character changed anywhere on any line
    (body or hash) is refused at exactly that line: the header as entry 0, the footer as -1."""
    t = _game("pacific_1940", 7)
    lines = t.finish()
    rng = random.Random(5)
    for i in range(len(lines)):
        for _ in range(4):
            line = lines[i]
            k = rng.randrange(len(line))
            if line[k] == "|":
                continue
            ch = "7" if line[k] != "7" else "3"
            bad = list(lines)
            bad[i] = line[:k] + ch + line[k + 1:]
            ok, where, msg = verify_log(bad)
            if ok:
                ok, where, msg, _t = replay(bad, luck=False)
            want = 0 if i == 0 else (-1 if i == len(lines) - 1 else i)
            assert not ok and where == want, (i, k, where, msg)
