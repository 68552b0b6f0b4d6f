# gate heap: 208K (a Revised/LHTR game, then its save replayed, with the treaty and rocket modules: 192K passes with nothing to spare on the unix port)
"""Per-turn limits are kept for the whole turn (issue 16): raids and rockets on one complex
(LHTR-C-52), one rocket per launcher and one per complex (LHTR-A-20, LHTR-T-08) -- across an
answered question in the middle of Conduct Combat (the Nonaggression Treaty's, LHTR-O-11),
an undo and a save/load between the two attacks. Until the ledger kept where the phase and
the turn began, any `answer` entry started the count again. Dice are typed in; every figure
is worked by hand in the docstring from the rulebooks' words."""
import gc

from engine_core.ledger.game import Game
from engine_core.ledger import journal as J
from engine_core.ledger import save
from portable_helpers import _raises, _to, _treasury, _finish_turn

_RAID_UK = {"type": "bombing", "territory": "United Kingdom", "damage": 4}


def _rocket(t, src, die):
    return {"type": "rocket", "territory": t, "launcher": src, "die": die}


def _lhtr_germany_with_rockets():
    """Revised/LHTR, Germany's second turn in Conduct Combat with Rockets gained in its first
    (research: one die naming Rockets rolls 2; LHTR-T-05 makes it work from the next turn), so
    the whole game is in the journal (a save and an undo replay it)."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "research")
    g.apply({"type": "research", "dice": 1, "tech": "rockets", "rolls": [2]})
    _finish_turn(g)
    _to(g, "Germany", "combat")
    return g


def test_lhtr_cap_kept_through_undo_and_save():
    """LHTR-C-52 after an undo and after a save/load between the raid and the rocket (a save
    is the journal, replayed): Germany raids the United Kingdom (8) for 4 and bombs Caucasus
    (4) for 1; the Caucasus record is undone; the game is saved and loaded; the rocket rolls 6:
    8 - 4 = 4 taken, 8 in all. Caucasus lost nothing."""
    g = _lhtr_germany_with_rockets()
    b = g.board
    uk, su = _treasury(g, "United Kingdom"), _treasury(g, "Soviet Union")
    g.apply(_RAID_UK)
    g.apply({"type": "bombing", "territory": "Caucasus", "damage": 1})
    g.undo()
    data = save.dumps(g)
    g = None
    gc.collect()              # one game in the heap at a time (the MicroPython gate's 192K)
    g2 = save.loads(data)
    assert J.damage_this_turn(g2.state, b.territory_id("United Kingdom")) == 4
    g2.apply(_rocket("United Kingdom", "Germany", 6))
    assert _treasury(g2, "United Kingdom") == uk - 8
    assert _treasury(g2, "Soviet Union") == su
    # and a second rocket from Germany after the reload is still refused (LHTR-A-20)
    _raises("LHTR-T-08", g2.apply, _rocket("Caucasus", "Germany", 2))
    # LHTR-A-18: the limits are per turn -- Germany's next turn fires again
    _finish_turn(g2)
    _to(g2, "Germany", "combat")
    before = _treasury(g2, "United Kingdom")
    g2.apply(_rocket("United Kingdom", "Germany", 2))
    assert _treasury(g2, "United Kingdom") == before - 2


def test_lhtr_cap_and_rocket_limit_across_the_treaty_question_in_conduct_combat():
    """LHTR-C-52, LHTR-A-20, LHTR-T-08 across a real question answered in Conduct Combat: the
    Nonaggression Treaty's (LHTR-O-11: "If Japan attacks more than one red territory in that
    turn, you may decide which such territory receives the infantry"; an attack entered in
    Conduct Combat asks at once). Japan (Rockets gained in its first turn: one die naming
    Rockets rolls 2, LHTR-T-04/T-05) records a raid on Caucasus (income 4) of 3, enters an
    attack on Buryatia S.S.R. (red): the USSR is asked and answers Buryatia; Japan's rocket
    from French Indochina at Caucasus rolls 5: 4 - 3 = 1 more is taken, 4 in all. A second
    rocket from French Indochina is refused and changes nothing."""
    g = Game.new("revised_lhtr", options={"national_advantages": ["nonaggression_treaty"]})
    b = g.board
    _to(g, "Japan", "research")
    g.apply({"type": "research", "dice": 1, "tech": "rockets", "rolls": [2]})
    _finish_turn(g)
    _to(g, "Japan", "combat")
    su = _treasury(g, "Soviet Union")
    g.apply({"type": "bombing", "territory": "Caucasus", "damage": 3})
    g.apply({"type": "enter", "territory": "Buryatia S.S.R.", "by": "Japan", "attack": 1})
    assert g.prompt is not None and g.prompt["kind"] == "treaty"
    g.apply({"type": "answer", "value": "Buryatia S.S.R."})
    assert g.prompt is None and g.summary()["phase"] == "combat"
    assert g.state.journal[-1][0] == J.ANSWER
    assert J.damage_this_turn(g.state, b.territory_id("Caucasus")) == 3
    g.apply(_rocket("Caucasus", "French Indochina", 5))
    assert _treasury(g, "Soviet Union") == su - 4            # 3 + (4 - 3), not 3 + 5
    n = len(g.state.journal)
    _raises("LHTR-T-08", g.apply, _rocket("Caucasus", "French Indochina", 1))
    assert _treasury(g, "Soviet Union") == su - 4 and len(g.state.journal) == n
    # the rocket undone, the game saved and loaded (its journal replayed, the answer with it):
    # the rocket rolls 6 this time and still only 1 is taken
    g.undo()
    assert _treasury(g, "Soviet Union") == su - 3
    data = save.dumps(g)
    g = None
    gc.collect()
    g = save.loads(data)
    g.apply(_rocket("Caucasus", "French Indochina", 6))
    assert _treasury(g, "Soviet Union") == su - 4
