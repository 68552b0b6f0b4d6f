"""Rocket attacks in the game ledger (the `rocket` action): the Rockets technology, the
launcher and its range, the per-turn limits of each edition and the damage caps shared with
bombing raids. Dice are typed in; every expectation is worked by hand in the docstring."""
from engine_core.ledger.game import Game
from engine_core.ledger import economy as E
from engine_core import techs
from portable_helpers import _raises, _to, _treasury, _finish_turn


def _path_ok(b, names):
    """Each step of a hand-traced path is a border on the board (the range in the docstrings)."""
    for i in range(len(names) - 1):
        if b.territory_id(names[i + 1]) not in b.adjacent(b.territory_id(names[i])):
            return False
    return True


def _rocket(t, src, die, facility=None):
    a = {"type": "rocket", "territory": t, "launcher": src, "die": die}
    if facility is not None:
        a["facility"] = facility
    return a


def test_classic_one_free_rocket_per_turn():
    """CL-T-07: "You get one free rocket attack per turn" -- only with Rockets; CL-A-21: fired
    in combat, once per power per turn, within 3 spaces (sea zones count), 1 die of IPCs lost,
    no cap but the treasury (CL-D-24). Germany without Rockets is refused. With it, the gun in
    Germany fires at Russia, 3 spaces away (Germany - East Europe - Karelia - Russia): a 4
    costs the Soviet Union 4 IPCs. A second rocket (West Europe at the United Kingdom,
    2 spaces) is refused and changes nothing. Next turn a 6 against a Soviet treasury of 3
    takes only the 3 (CL-E-10)."""
    g = Game.new("classic")
    b = g.board
    assert _path_ok(b, ("Germany", "East Europe", "Karelia S.S.R.", "Russia"))
    _to(g, "Germany", "combat")
    _raises("CL-T-07", g.apply, _rocket("Russia", "Germany", 4))
    g.state.techs[b.power_id("Germany")] = techs.ROCKETS
    n = len(g.state.journal)
    su, uk = _treasury(g, "Soviet Union"), _treasury(g, "United Kingdom")
    g.apply(_rocket("Russia", "Germany", 4))
    assert _treasury(g, "Soviet Union") == su - 4 and len(g.state.journal) == n + 1
    _raises("CL-T-07", g.apply, _rocket("United Kingdom", "West Europe", 2))
    assert _treasury(g, "United Kingdom") == uk and len(g.state.journal) == n + 1
    # a launcher must be the power's own territory, and the die a die
    _finish_turn(g)
    _to(g, "Germany", "combat")
    _raises("CL-T-07", g.apply, _rocket("Russia", "Karelia S.S.R.", 2))
    _raises("CL-T-07", g.apply, _rocket("Russia", "Germany", 7))
    g.state.treasury[b.power_id("Soviet Union")] = 3
    g.apply(_rocket("Russia", "Germany", 6))
    assert _treasury(g, "Soviet Union") == 0


def test_lhtr_rocket_limits_and_shared_cap():
    """LHTR-T-08 / LHTR-A-20: one rocket per territory holding your AA guns, each IC hit by
    one rocket a turn, within 3 spaces; LHTR-C-52: all raids plus the rocket on one IC in one
    turn destroy at most the territory's income value. Germany (Rockets) raids the United
    Kingdom (income 8) for 5; its rocket from Germany (3 spaces: Germany - Western Europe -
    Sea Zone 6 - UK) rolls 6, of which 8 - 5 = 3 count: 8 lost in all. A rocket from
    Western Europe at the UK (hit already) and a second one from Germany (at Caucasus) are
    refused. Russia is 4 spaces from Germany: refused. Southern Europe's gun hits Caucasus
    (income 4; Southern Europe - Balkans - Ukraine - Caucasus) for 3; a raid on Caucasus
    then rolls 5 but only 4 - 3 = 1 counts: 4 lost in all."""
    g = Game.new("revised_lhtr")
    b = g.board
    assert _path_ok(b, ("Germany", "Western Europe", "Sea Zone 6", "United Kingdom"))
    assert _path_ok(b, ("Southern Europe", "Balkans", "Ukraine S.S.R.", "Caucasus"))
    _to(g, "Germany", "combat")
    _raises("LHTR-T-08", g.apply, _rocket("United Kingdom", "Germany", 6))
    g.state.techs[b.power_id("Germany")] = techs.ROCKETS
    su, uk = _treasury(g, "Soviet Union"), _treasury(g, "United Kingdom")
    g.apply({"type": "bombing", "territory": "United Kingdom", "damage": 5})
    g.apply(_rocket("United Kingdom", "Germany", 6))
    assert _treasury(g, "United Kingdom") == uk - 8
    n = len(g.state.journal)
    _raises("LHTR-T-08", g.apply, _rocket("United Kingdom", "Western Europe", 2))
    _raises("LHTR-T-08", g.apply, _rocket("Caucasus", "Germany", 1))
    _raises("LHTR-T-08", g.apply, _rocket("Russia", "Western Europe", 1))
    assert _treasury(g, "United Kingdom") == uk - 8 and _treasury(g, "Soviet Union") == su
    assert len(g.state.journal) == n
    g.apply(_rocket("Caucasus", "Southern Europe", 3))
    assert _treasury(g, "Soviet Union") == su - 3
    g.apply({"type": "bombing", "territory": "Caucasus", "damage": 5})
    assert _treasury(g, "Soviet Union") == su - 4
    # LHTR-A-18: the cap and the one-rocket limit are per player turn
    _finish_turn(g)
    _to(g, "Germany", "combat")
    before = _treasury(g, "United Kingdom")
    g.apply(_rocket("United Kingdom", "Germany", 2))
    assert _treasury(g, "United Kingdom") == before - 2


def test_lhtr_rockets_gained_this_turn_wait():
    """LHTR-T-05: a development works from the Mobilize phase of the turn it is gained (the
    sample turn: Rockets gained in turn 1 are first used the next turn). Germany names Rockets
    (number 2) with one die and rolls 2: gained; its rocket at the United Kingdom in this
    turn's combat is refused and costs nothing; in its next turn it is taken (a 3)."""
    g = Game.new("revised_lhtr")
    b = g.board
    _to(g, "Germany", "research")
    g.apply({"type": "research", "dice": 1, "tech": "rockets", "rolls": [2]})
    assert g.state.techs[b.power_id("Germany")] & techs.ROCKETS
    _to(g, "Germany", "combat")
    uk = _treasury(g, "United Kingdom")
    _raises("LHTR-T-05", g.apply, _rocket("United Kingdom", "Germany", 3))
    assert _treasury(g, "United Kingdom") == uk
    _finish_turn(g)
    _to(g, "Germany", "combat")
    uk = _treasury(g, "United Kingdom")
    g.apply(_rocket("United Kingdom", "Germany", 3))
    assert _treasury(g, "United Kingdom") == uk - 3


def test_revised_each_rocket_capped_alone():
    """Revised before the LHTR errata (LHTR-M-08): each rocket is capped at the territory's
    value on its own, no per-turn cap with raids. Germany's gun rolls 6 at Caucasus (value 4,
    3 spaces): 4 lost; the gun in Southern Europe rolls 5 at it too: 4 more, 8 in all."""
    g = Game.new("revised")
    b = g.board
    _to(g, "Germany", "combat")
    g.state.techs[b.power_id("Germany")] = techs.ROCKETS
    su = _treasury(g, "Soviet Union")
    g.apply(_rocket("Caucasus", "Germany", 6))
    assert _treasury(g, "Soviet Union") == su - 4
    g.apply(_rocket("Caucasus", "Southern Europe", 5))
    assert _treasury(g, "Soviet Union") == su - 8
    _raises("LHTR-T-08", g.apply, _rocket("United Kingdom", "Germany", 1))
