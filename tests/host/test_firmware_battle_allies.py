"""The battle set-up names an ally's defenders (issue 16): the "Ally" rows (the power, then per
unit type a defending technology changes, how many are the ally's) make session.battle_options
give each power's units its own technologies (CL-T-05: "A development helps only the power that
rolled it. Allies do not share it."), in the battle, its odds and a pending battle's record."""

from test_firmware_battle_setup import _lhtr_family_combat, _set, _to_row, _defender_to, _row
from fw_device import Device


def _ally_to(d, name):
    setup = d.app.top()
    _to_row(d, "Ally")
    for _ in range(len(setup.ally_list())):
        if d.app.session.board.power_name(setup.ally_power()) == name:
            break
        d.press("right")
    d.wait(100)
    assert d.app.session.board.power_name(setup.ally_power()) == name


def _lose_the_teched(d, b, unit, tag):
    """On the casualty screen the defenders' one loss moves from the plain row to the row of
    the units with their power's own rule ("Lose fighter (jet)"), and is taken."""
    d.app.open_battle_run()
    d.press("roll")
    assert d.screen() == "Casualties"
    screen = d.app.top()
    f = screen.names.index("Lose " + unit)
    assert screen.names[f + 1] == "Lose %s (%s)" % (unit, tag)
    assert screen.counts[f:f + 2] == [1, 0]  # the default: the plain one
    d.press("down", f - screen.cursor)
    d.press("left")
    d.press("down")
    d.press("right")
    d.press("select")
    assert b.prompt is None and d.screen() != "Casualties"


def _carrier_with_two_fighters(d):
    """Classic, Germany's combat: one fighter against a US carrier with two fighters in the first
    sea zone, the US with Jet Power; the set-up screen on top. Returns (session, board, zone)."""
    from engine_core import techs
    _lhtr_family_combat(d, "Classic 2nd ed.")
    s = d.app.session
    board = s.board
    s.game.state.techs[board.power_id("United States")] |= techs.JETS
    return s, board, _a_fighter_against_the_us(d, board)


def _a_fighter_against_the_us(d, board, defenders=(("carrier", 1), ("fighter", 2))):
    """In the first sea zone (picked from the list on top): one German fighter against the US
    `defenders` ((unit, count) entered in that order; by default a carrier with two fighters),
    on the set-up screen. Returns the zone."""
    zone = [t for t in range(board.territory_count) if board.is_sea(t)][0]
    d.select_item(board.territory_name(zone))
    _set(d, "fighter", 1)
    d.press("select")
    _defender_to(d, "United States")
    for unit, n in defenders:
        _set(d, unit, n)
    return zone


def test_a_uk_fighter_on_a_us_carrier_without_jet_power():
    """CL-T-05 CL-T-06 (Jet Power: "Your fighters defend at 5 instead of 4"), CL-U-60: Germany's
    fighter attacks a US carrier with a US fighter (the US has Jet Power) and a UK fighter (the UK
    has not). Dice by hand: the attacking fighter 6 (miss); the carrier 5 at 3, the UK fighter 5
    at 4, the US fighter 6 at 5: all miss (with both at 5, the 5 would hit). The battle board shows
    the fighters in columns 4 and 5. The set-up's odds are the odds engine's for one fighter at 5
    and one at 4 (not both at 5)."""
    from engine_core import techs
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s, board, _zone = _carrier_with_two_fighters(d)
    setup = d.app.top()
    assert "Ally" in setup.names and "Ally fighter" in setup.names and "Ally carrier" not in setup.names
    s.game.state.techs[board.power_id("United States")] &= ~techs.JETS
    setup.build()
    assert "Ally" not in setup.names     # no power of the side has Jet Power: whose is moot
    s.game.state.techs[board.power_id("United States")] |= techs.JETS
    setup.build()
    _ally_to(d, "United Kingdom")
    _set(d, "Ally fighter", 1)
    assert setup.refusal is None, setup.refusal
    opts = setup.options()
    assert opts["defender_tech"] == ("jet_fighters",) and opts["defender_teched"] == {"fighter": 1}
    assert any(line.startswith("Ally") and "United Kingdom" in line for line in d.lines()) or \
        setup.row_text(_row(setup, "Ally"), 40).rstrip().endswith("United Kingdom")
    from engine_core.odds.exact import odds
    mine = s.odds("sea", {"fighter": 1}, {"carrier": 1, "fighter": 2}, opts)["attacker_wins"]
    split = odds("classic", "sea", {"fighter": 1}, {"carrier": 1, "fighter": 2},
                 tech={"defender": ["jet_fighters"], "defender_teched": {"fighter": 1}})
    both = odds("classic", "sea", {"fighter": 1}, {"carrier": 1, "fighter": 2},
                tech={"defender": ["jet_fighters"]})
    assert abs(mine - split["attacker_wins"]) < 1e-12 and mine > both["attacker_wins"]
    d.press("roll")
    b = s.battle
    assert b is not None
    from firmware.screens.battle import columns     # the battle board: a column per value
    u = board.unit_id
    assert columns(b, 1) == [(3, [(u("carrier"), 1)]), (4, [(u("fighter"), 1)]), (5, [(u("fighter"), 1)])]
    b.run_until_prompt(FixedDice([6, 5, 5, 6]))
    from engine_core import events as ev
    rolls = [(e[1], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]
    assert rolls == [(0, 3, (6,)), (1, 3, (5,)), (1, 4, (5,)), (1, 5, (6,))]
    assert sum(b.alive[0]) == 1 and bmod.ATTACKER == 0


def test_a_pending_battle_keeps_the_allys_units():
    """CL-T-05: a pending battle (Combat move) keeps which defenders are the ally's and whose
    (firmware/pending.py, as on flash), and opened again shows them."""
    from firmware import pending
    from engine_core import techs
    d = Device()
    d.select_item("New game")
    d.select_item("Classic 2nd ed.")
    d.press("select")                    # default players
    s = d.app.session
    board = s.board
    g = s.game
    g.state.techs[board.power_id("United Kingdom")] |= techs.JETS
    while not (g.summary()["power"] == "Germany" and g.summary()["phase"] == "combat_move"):
        g.apply({"type": "answer", "value": 0} if g.prompt is not None else {"type": "end_phase"})
    d.wait(100)
    d.press("select")
    d.select_item("Add pending battle")
    zone = _a_fighter_against_the_us(d, board)
    _ally_to(d, "United Kingdom")
    _set(d, "Ally fighter", 1)
    d.press("roll")                      # saved
    row = pending.of(s).get(s.game, zone)
    uk = board.power_id("United Kingdom")
    assert row[4] == {"defender_power": board.power_id("United States"), "ally": {"fighter": 1},
                      "ally_power": uk}
    key, rows = pending.decode(pending.encode(pending.of(s).key, [row]))
    assert rows == [row]
    from firmware.screens.battle import BattleSetup   # the battle opened again from the list
    again = BattleSetup(d.app, row[1], row[2], row[3], territory=zone, options=row[4])
    assert again.chosen_options() == row[4]


def test_the_defenders_choose_whose_fighter_is_lost_on_the_casualty_screen():
    """CL-C-60 ("The defenders agree on each casualty"), CL-T-05: the US carrier with a US jet
    fighter and a UK fighter (set up as above) takes one hit: the casualty screen has a row for
    the UK fighter and one for the jet fighter, the weaker preset; the table loses the jet
    fighter instead. The defenders fire back (carrier 5 at 3, UK fighter 5 at 4, the jet fighter
    6 at 5: all miss); the fighter left is the UK one (no Jet Power)."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s, board, _zone = _carrier_with_two_fighters(d)
    _ally_to(d, "United Kingdom")
    _set(d, "Ally fighter", 1)
    d.press("roll")
    b = s.battle
    p = b.run_until_prompt(FixedDice([3]))            # the attacking fighter hits at 3
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    _lose_the_teched(d, b, "fighter", "jet")  # the default: the weaker, the UK one
    b.run_until_prompt(FixedDice([5, 5, 6]))
    fighter = board.unit_id("fighter")
    assert b.alive[1][fighter] == 1 and b.teched_free(fighter) == (0, 1)
