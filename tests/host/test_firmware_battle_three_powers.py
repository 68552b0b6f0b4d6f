"""The battle set-up names several allies (issue 16): a defending side of three powers, stated
power by power. The "Ally" row picks whose units the "Ally ..." rows below show; each ally keeps
its own counts; session.battle_options gives each power's units its own technologies
(LHTR-T-06: "Technology helps only the power that researched it"; CL-T-05: "A development helps
only the power that rolled it. Allies do not share it."; P40-R-06: "Powers may never share
technology").

The table: LHTR, Germany attacks Gibraltar (the United Kingdom's) with 3 armor (attack 3); three
fighters defend it, one each of the UK, the US and the Soviet Union. The UK and the Soviet Union
have Jet Fighters (LHTR-T-07: "The power's fighters defend at 5"), the US not (a fighter defends
at 4)."""

from test_firmware_battle_setup import _lhtr_family_combat, _set, _row
from test_firmware_battle_allies import _ally_to
from fw_device import Device

UK, US, USSR = "United Kingdom", "United States", "Soviet Union"


def _jets(s):
    from engine_core import techs
    board = s.board
    for name in (UK, USSR):
        s.game.state.techs[board.power_id(name)] |= techs.JETS


def _three_fighters_at_gibraltar(d, combat=True):
    """LHTR, Germany's combat (or combat move, `combat=False`: the pending list's set-up):
    3 armor against 3 fighters in Gibraltar, the UK and the Soviet Union with Jet Fighters; the
    defender side shown. Returns the session."""
    if combat:
        _lhtr_family_combat(d, "Revised LHTR")
    else:
        d.select_item("New game")
        d.select_item("Revised LHTR")
        d.press("select")
        g = d.app.session.game
        while not (g.summary()["power"] == "Germany" and g.summary()["phase"] == "combat_move"):
            g.apply({"type": "answer", "value": 0} if g.prompt is not None else {"type": "end_phase"})
        d.wait(100)
        d.press("select")
        d.select_item("Add pending battle")
    s = d.app.session
    _jets(s)
    d.select_item("Gibraltar")
    _set(d, "armor", 3)
    d.press("select")
    _set(d, "fighter", 3)
    return s


def _name_us_and_soviet_fighters(d):
    _ally_to(d, US)
    _set(d, "Ally fighter", 1)
    _ally_to(d, USSR)
    _set(d, "Ally fighter", 1)


def test_a_uk_territory_defended_by_uk_us_and_soviet_fighters():
    """LHTR-T-06, LHTR-T-07, LHTR-C-62 (the defenders fight together): 1 US and 1 Soviet fighter
    named as allies, the third the UK's. Each ally keeps its own count while the "Ally" row shows
    the other. The battle's options: defender_teched fighter = 2 (the UK one and the Soviet one
    have Jet Fighters), not 3 (the US one has not) and not 1 (one ally only). Dice by hand: the 3
    armor roll 6, 6, 6 (all miss at 3); the fighters roll 5 at 4 (the US one: miss) and 5, 5 at 5
    (the UK and Soviet ones: 2 hits): 2 of the 3 armor are lost."""
    from engine_core.dice import FixedDice
    from engine_core import events as ev
    d = Device()
    s = _three_fighters_at_gibraltar(d)
    board = s.board
    setup = d.app.top()
    assert "Ally" in setup.names and "Ally fighter" in setup.names
    _name_us_and_soviet_fighters(d)
    assert setup.refusal is None, setup.refusal
    # back to the US: its own one fighter, not the Soviet Union's
    _ally_to(d, US)
    assert setup.counts[_row(setup, "Ally fighter")] == 1
    assert setup.row_text(_row(setup, "Ally"), 40).rstrip().endswith(US)
    chosen = setup.chosen_options()
    # in power order (the Soviet Union moves first)
    assert chosen["allies"] == [[board.power_id(USSR), {"fighter": 1}], [board.power_id(US), {"fighter": 1}]]
    assert "ally" not in chosen and "ally_power" not in chosen
    opts = setup.options()
    assert opts["defender_tech"] == ("jet_fighters",) and opts["defender_teched"] == {"fighter": 2}
    d.press("roll")
    b = s.battle
    assert b is not None
    from firmware.screens.battle import columns
    ftr = board.unit_id("fighter")
    assert columns(b, 1) == [(4, [(ftr, 1)]), (5, [(ftr, 2)])]
    b.run_until_prompt(FixedDice([6, 6, 6, 5, 5, 5]))
    rolls = [(e[1], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]
    assert rolls[:3] == [(0, 3, (6, 6, 6)), (1, 4, (5,)), (1, 5, (5, 5))]
    assert b.alive[0][board.unit_id("armor")] == 1 and b.alive[1][ftr] == 3


def test_the_allies_together_no_more_than_defend():
    """LHTR-T-06: the allies' units are among the defenders, each fighting with its own power's
    technologies. With 3 fighters, 2 US and 1 Soviet named is all three; one more Soviet
    fighter is refused with the rule's id, nothing changed. Fewer defending fighters cut the
    allies' (the shown ally's first)."""
    d = Device()
    s = _three_fighters_at_gibraltar(d)
    board = s.board
    setup = d.app.top()
    _ally_to(d, US)
    _set(d, "Ally fighter", 2)
    _ally_to(d, USSR)
    _set(d, "Ally fighter", 1)
    assert setup.refusal is None, setup.refusal
    before = setup.chosen_options()
    assert before["allies"] == [[board.power_id(USSR), {"fighter": 1}], [board.power_id(US), {"fighter": 2}]]
    d.press("right")                                   # a fourth allied fighter of 3
    assert setup.counts[setup.cursor] == 1
    assert setup.message.startswith("LHTR-T-06") and "3" in setup.message and "fighter" in setup.message
    assert setup.chosen_options() == before
    opts = setup.options()
    assert opts["defender_teched"] == {"fighter": 1}   # the Soviet one; the US ones without jets
    _set(d, "fighter", 2)                              # one fighter less: the Soviet one goes
    assert setup.chosen_options()["ally"] == {"fighter": 2}
    assert setup.chosen_options()["ally_power"] == board.power_id(US)


def test_a_pending_battle_keeps_two_allies():
    """LHTR-T-06: a pending battle (Combat move) keeps the units of each ally (firmware/pending.py,
    as on flash) and, opened again, shows them: the set-up chose the same; a battle saved with
    one ally (the keys "ally", "ally_power") still opens with it."""
    from firmware import pending
    from firmware.screens.battle import BattleSetup
    d = Device()
    s = _three_fighters_at_gibraltar(d, combat=False)
    board = s.board
    _name_us_and_soviet_fighters(d)
    d.press("roll")                                    # saved
    zone = board.territory_id("Gibraltar") if hasattr(board, "territory_id") else \
        [t for t in range(board.territory_count) if board.territory_name(t) == "Gibraltar"][0]
    row = pending.of(s).get(s.game, zone)
    assert row[4] == {"allies": [[board.power_id(USSR), {"fighter": 1}], [board.power_id(US), {"fighter": 1}]]}
    key, rows = pending.decode(pending.encode(pending.of(s).key, [row]))
    assert rows == [row]
    again = BattleSetup(d.app, row[1], row[2], row[3], territory=zone, options=row[4])
    assert again.chosen_options() == row[4]
    again.side = 1
    again.build()
    assert board.power_name(again.ally_power()) == USSR and again.counts[_row(again, "Ally fighter")] == 1
    opts = again.options()
    assert opts["defender_teched"] == {"fighter": 2}
    old = {"ally": {"fighter": 1}, "ally_power": board.power_id(USSR)}
    one = BattleSetup(d.app, row[1], row[2], row[3], territory=zone, options=old)
    # one Soviet fighter named: the other two are the UK's, all three with Jet Fighters
    assert one.chosen_options() == old and one.options()["defender_teched"] == {"fighter": 3}


def test_a_bad_saved_allies_record_does_not_load():
    """A pending record naming an ally twice or a power id out of range is not a good one."""
    from firmware import pending
    assert pending._options({"allies": [[2, {"fighter": 1}], [2, {"fighter": 1}]]}) is None
    assert pending._options({"allies": [[40, {"fighter": 1}]]}) is None
    assert pending._options({"allies": [[2, {"fighter": -1}]]}) is None
    assert pending._options({"allies": [[2, {"fighter": 1}], [3, {}]]}) == {"allies": [[2, {"fighter": 1}]]}
