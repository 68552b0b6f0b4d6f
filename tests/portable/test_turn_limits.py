"""Per-turn limits are kept for the whole turn (issue 16): raids and rockets on one complex
(LHTR-C-52), one rocket per launcher and one per complex (LHTR-A-20, LHTR-T-08), one free
rocket a turn (CL-T-07, CL-A-21) -- across an answered question in the middle of Conduct
Combat, an undo and a save/load between the two attacks. Dice are typed in; every figure is
worked by hand in the docstring from the rulebooks' words."""
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


def _mid_combat_answer(g):
    """An answered question in the middle of Conduct Combat, in the journal as the ledger puts
    it there (an `answer` entry between two combat entries: the Nonaggression Treaty's
    question, LHTR-O-11). Today the ledger's only question is Collect Income's, so the entry
    is appended the way apply_entry appends an accepted answer."""
    g.state.journal.append((J.ANSWER, 1))


def test_lhtr_raid_and_rocket_capped_per_turn_across_an_answer():
    """LHTR-C-52 (LHTR: "The maximum combined damage inflicted in one turn by all strategic
    bombing raids on one industrial complex and any rocket attack on the same industrial
    complex is the territory's income value"). Germany raids the United Kingdom (income 8)
    for 4, a question is answered, its rocket from Germany rolls 5: only 8 - 4 = 4 more are
    taken, 8 in all, not 4 + 5 = 9."""
    g = _lhtr_germany_with_rockets()
    b = g.board
    value = b.ipc(b.territory_id("United Kingdom"))
    assert value == 8
    uk = _treasury(g, "United Kingdom")
    g.apply(_RAID_UK)
    assert _treasury(g, "United Kingdom") == uk - 4
    _mid_combat_answer(g)
    assert J.damage_this_turn(g.state, b.territory_id("United Kingdom")) == 4
    g.apply(_rocket("United Kingdom", "Germany", 5))
    assert _treasury(g, "United Kingdom") == uk - 8          # 4 + (8 - 4), not 4 + 5


def test_lhtr_second_rocket_from_a_launcher_refused_across_an_answer():
    """LHTR-A-20 / LHTR-T-08 (LHTR: "From each territory, one rocket may launch an attack ...
    Any industrial complex may be attacked by only one rocket launcher in a turn").
    Germany's gun hits the United Kingdom for 3; after an answered question a second rocket
    from Germany (at Caucasus) and one from Western Europe at the United Kingdom are refused,
    and nothing changes (treasuries, journal)."""
    g = _lhtr_germany_with_rockets()
    uk, su = _treasury(g, "United Kingdom"), _treasury(g, "Soviet Union")
    g.apply(_rocket("United Kingdom", "Germany", 3))
    _mid_combat_answer(g)
    n = len(g.state.journal)
    _raises("LHTR-T-08", g.apply, _rocket("Caucasus", "Germany", 1))
    _raises("LHTR-T-08", g.apply, _rocket("United Kingdom", "Western Europe", 2))
    assert _treasury(g, "United Kingdom") == uk - 3 and _treasury(g, "Soviet Union") == su
    assert len(g.state.journal) == n


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


def test_classic_one_free_rocket_per_turn_across_an_answer():
    """CL-T-07: "You get one free rocket attack per turn"; CL-A-21: once per turn. Germany
    (Rockets, gained in its first turn: CL-T-02 "Each 6 is a breakthrough", then CL-T-03 a
    die on the chart: 2 is Rockets) fires at Russia for 2; after an answered question a second rocket (Western Europe
    at the United Kingdom) is refused, and nothing changes."""
    g = Game.new("classic")
    _to(g, "Germany", "research")
    g.apply({"type": "research", "dice": 1, "tech": "rockets", "rolls": [6, 2]})
    _finish_turn(g)
    _to(g, "Germany", "combat")
    su, uk = _treasury(g, "Soviet Union"), _treasury(g, "United Kingdom")
    g.apply(_rocket("Russia", "Germany", 2))
    assert _treasury(g, "Soviet Union") == su - 2
    _mid_combat_answer(g)
    n = len(g.state.journal)
    _raises("CL-T-07", g.apply, _rocket("United Kingdom", "West Europe", 2))
    assert _treasury(g, "United Kingdom") == uk and len(g.state.journal) == n
