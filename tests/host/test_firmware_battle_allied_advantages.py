"""The battle set-up names an ally's defenders where a national advantage of a power of the
defending side changes their type (issue 16 item c; LHTR-O-02: "A power may not share its
advantages"): the "Ally" rows appear, and session.battle_options gives the advantage only to the
units of its power, in the battle and its odds."""

from test_firmware_battle_setup import _lhtr_family_combat, _set, _defender_to
from test_firmware_battle_allies import _ally_to, _lose_the_teched
from fw_device import Device


def _winter_in_karelia(d, winter=True):
    """LHTR with Russian Winter chosen (declared when `winter`), Germany's combat: 2 armor
    against 2 infantry in Karelia S.S.R. (the Soviet Union's), the set-up's defender side shown.
    Returns the session."""
    from engine_core.ledger import advantages as ledger_na
    _lhtr_family_combat(d, "Revised LHTR")
    s = d.app.session
    s.game.options = dict(s.game.options or {})
    s.game.options["national_advantages"] = ["russian_winter"]
    if winter:
        s.game.state.history |= ledger_na.WINTER_ON
    d.select_item("Karelia S.S.R.")
    _set(d, "armor", 2)
    d.press("select")
    _set(d, "infantry", 2)
    return s


def test_soviet_winter_only_for_soviet_infantry():
    """LHTR-O-10 ("Soviet infantry defend at 3") LHTR-O-02: Germany's 2 armor against a Soviet
    and a UK infantry in Karelia during Russian Winter. The set-up shows the "Ally" rows only
    while the winter is declared (else whose infantry they are changes nothing); with one UK
    infantry named, the battle gets defender_teched {"infantry": 1}; the set-up's odds are the
    odds engine's for one infantry at 3 and one at 2. Dice by hand: armor 6, 6 (misses); the UK
    infantry 3 at 2 (miss), the Soviet one 3 at 3 (hit)."""
    from engine_core.dice import FixedDice
    from engine_core import events as ev
    from engine_core.odds.exact import odds
    d = Device()
    s = _winter_in_karelia(d, winter=False)
    setup = d.app.top()
    assert "Ally" not in setup.names
    from engine_core.ledger import advantages as ledger_na
    s.game.state.history |= ledger_na.WINTER_ON
    setup.build()
    assert "Ally" in setup.names and "Ally infantry" in setup.names and "Ally armor" not in setup.names
    _ally_to(d, "United Kingdom")
    _set(d, "Ally infantry", 1)
    assert setup.refusal is None, setup.refusal
    opts = setup.options()
    assert opts["defender_na"] == ("russian_winter",) and opts["defender_teched"] == {"infantry": 1}
    mine = s.odds("land", {"armor": 2}, {"infantry": 2}, opts)["attacker_wins"]
    split = odds("revised_lhtr", "land", {"armor": 2}, {"infantry": 2},
                 tech={"defender_teched": {"infantry": 1}}, advantages={"defender": ["russian_winter"]})
    both = odds("revised_lhtr", "land", {"armor": 2}, {"infantry": 2},
                advantages={"defender": ["russian_winter"]})
    assert abs(mine - split["attacker_wins"]) < 1e-12 and mine > both["attacker_wins"]
    d.press("roll")
    b = s.battle
    assert b is not None
    from firmware.screens.battle import columns     # the battle board: a column per value
    inf = s.board.unit_id("infantry")
    assert columns(b, 1) == [(2, [(inf, 1)]), (3, [(inf, 1)])]
    b.run_until_prompt(FixedDice([6, 6, 3, 3]))
    rolls = [(e[1], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]
    assert rolls == [(0, 3, (6, 6)), (1, 2, (3,)), (1, 3, (3,))]


def test_the_defenders_choose_whose_infantry_is_lost_on_the_casualty_screen():
    """LHTR-C-62 ("defending together": the defenders choose the casualties) LHTR-O-10 LHTR-O-02:
    as above, the armor hit once (3, 6): the casualty screen has a row for the UK infantry and
    one for the Soviet infantry ("(winter)"), the UK one preset; the table loses the Soviet one.
    Both fire back (UK 6 at 2, Soviet 6 at 3): the infantry left is the UK one, at 2."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s = _winter_in_karelia(d)
    _ally_to(d, "United Kingdom")
    _set(d, "Ally infantry", 1)
    d.press("roll")
    b = s.battle
    p = b.run_until_prompt(FixedDice([3, 6]))
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    _lose_the_teched(d, b, "infantry", "winter")
    b.run_until_prompt(FixedDice([6, 6]))
    inf = s.board.unit_id("infantry")
    assert b.alive[1][inf] == 1 and b.teched_free(inf) == (0, 1)


def test_an_allys_winter_for_its_own_infantry():
    """LHTR-O-10 LHTR-O-02: Soviet infantry in a UK-held territory still defend at 3 in Russian
    Winter (the advantage is the Soviet Union's, wherever its infantry stand), the UK's at 2:
    the UK defends Karelia (set as the UK's) with a Soviet infantry named on the "Ally" rows."""
    d = Device()
    s = _winter_in_karelia(d, winter=True)
    board = s.board
    t = board.territory_id("Karelia S.S.R.")
    s.game.state.owner[t] = board.power_id("United Kingdom")
    setup = d.app.top()
    setup.build()
    _ally_to(d, "Soviet Union")
    _set(d, "Ally infantry", 1)
    assert setup.refusal is None, setup.refusal
    opts = setup.options()
    assert opts["defender_na"] == ("russian_winter",) and opts["defender_teched"] == {"infantry": 1}
