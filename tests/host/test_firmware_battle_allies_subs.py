"""The battle set-up names an ally's submarines when a power of the defending side has Super
Submarines (issue 16, LHTR-T-06 "Technology helps only the power that researched it", LHTR-T-09
"they cannot be hit by enemy aircraft unless an enemy destroyer is in the zone"): the "Ally
submarine" row, the odds of the split, and the casualty screen's row per owner."""

from test_firmware_battle_setup import _lhtr_family_combat, _set
from test_firmware_battle_allies import _ally_to, _a_fighter_against_the_us
from fw_device import Device


def _uk_super_sub_beside_us_ships(d, defenders=(("submarine", 2), ("destroyer", 1))):
    """LHTR, Germany's combat: one fighter against the US side's `defenders` in the first sea
    zone (by default two subs and a destroyer), the UK with Super Submarines; the set-up screen on
    top (the subs' "Ally submarine" row names how many are the UK's). Returns the session."""
    from engine_core import techs
    _lhtr_family_combat(d, "Revised LHTR")
    s = d.app.session
    board = s.board
    s.game.state.techs[board.power_id("United Kingdom")] |= techs.SUPER_SUBS
    _a_fighter_against_the_us(d, board, defenders)
    return s


def test_the_ally_submarine_row_and_the_odds_of_the_split():
    """LHTR-T-06 LHTR-T-09: the "Ally submarine" row shows while a power of the side has Super
    Submarines (not otherwise: whose sub it is changes nothing); the UK's sub named, the options
    give the side's technologies and one sub with them; the set-up's odds are the hand-worked
    ones of tests/portable/test_allied_super_subs.py: a draw 1/9 (both subs super: 1/3)."""
    from engine_core import techs
    d = Device()
    s = _uk_super_sub_beside_us_ships(d)
    board = s.board
    setup = d.app.top()
    assert "Ally" in setup.names and "Ally submarine" in setup.names
    assert "Ally destroyer" not in setup.names
    s.game.state.techs[board.power_id("United Kingdom")] &= ~techs.SUPER_SUBS
    setup.build()
    assert "Ally" not in setup.names
    s.game.state.techs[board.power_id("United Kingdom")] |= techs.SUPER_SUBS
    setup.build()
    _ally_to(d, "United Kingdom")
    _set(d, "Ally submarine", 1)
    assert setup.refusal is None, setup.refusal
    opts = setup.options()
    assert opts["defender_tech"] == ("super_submarines",) and opts["defender_teched"] == {"submarine": 1}
    r = s.odds("sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1}, opts)
    assert abs(r["draw"] - 1.0 / 9) < 1e-9
    both = s.odds("sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1},
                  {"defender_tech": ("super_submarines",)})
    assert abs(both["draw"] - 1.0 / 3) < 1e-9


def test_the_casualty_screen_has_a_row_per_owner_and_refuses_a_planes_hit_on_the_super_sub():
    """LHTR-T-09 LHTR-U-80, LHTR-C-26: the fighter's 3 at 3 hits; the casualty screen has a row
    for the US sub (preset: the default) and one for the UK super sub; moving the loss to the
    super sub is refused on screen with the rule id and nothing changes; the US sub lost is
    taken. The destroyer fires back: 2 at 3, the fighter is lost."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s = _uk_super_sub_beside_us_ships(d)
    _ally_to(d, "United Kingdom")
    _set(d, "Ally submarine", 1)
    d.press("roll")
    b = s.battle
    p = b.run_until_prompt(FixedDice([3]))
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    d.app.open_battle_run()
    d.press("roll")
    assert d.screen() == "Casualties"
    screen = d.app.top()
    f = screen.names.index("Lose submarine")
    assert screen.names[f + 1] == "Lose submarine (super)"
    assert screen.counts[f:f + 2] == [1, 0]
    d.press("down", f - screen.cursor)
    d.press("left")
    d.press("down")
    d.press("right")
    d.press("select")
    d.wait(100)
    assert b.prompt is p and d.screen() == "Casualties"
    assert "LHTR-U-80" in d.text().replace("\n", " ")
    sub = s.board.unit_id("submarine")
    assert b.teched_free(sub) == (1, 1)
    d.press("left")
    d.press("up")
    d.press("right")
    d.press("select")
    assert b.prompt is None and d.screen() != "Casualties"
    b.run_until_prompt(FixedDice([2]))
    assert b.result is not None and b.result["outcome"] == bmod.O_DEFENDER_WON
    assert b.teched_free(sub) == (1, 0)


def test_the_casualty_screen_asks_for_the_hits_that_can_be_taken():
    """LHTR-A-10 ("Aircraft hits that can't be assigned are wasted") LHTR-T-09: 3 fighters and
    a battleship (no destroyer) hit 3 + 1 times against a US sub, two UK super subs and a US
    destroyer: the battleship's hit may go on a super sub, the fighters' on the US sub and the
    destroyer only, so 3 hits can be taken and the fourth is wasted. The casualty screen asks
    for those 3 (not 4: a choice the engine would refuse), preset to the default (the US sub,
    one super sub, the destroyer), and Select takes it."""
    from engine_core.battle import base as bmod
    d = Device()
    d.select_item("New game")
    d.select_item("Revised LHTR")
    d.press("select")
    s = d.app.session
    b = s.start_battle("sea", {"fighter": 3, "battleship": 1}, {"submarine": 3, "destroyer": 1},
                       options={"defender_tech": ("super_submarines",),
                                "defender_teched": {"submarine": 2}})
    p = b.run_until_prompt(None)
    assert p.kind == bmod.P_DICE and p.side == 1          # the subs' opening fire: no hit
    b.answer({"hits": [0]})
    p = b.run_until_prompt(None)
    assert p.kind == bmod.P_DICE and p.side == 0 and p.info[1] == ((3, 3), (4, 1))
    b.answer({"hits": [3, 1]})
    p = b.run_until_prompt(None)
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    d.app.open_battle_run()
    d.press("roll")
    assert d.screen() == "Casualties"
    screen = d.app.top()
    assert screen.hits == 3 and screen.taken() == 3
    f = screen.names.index("Lose submarine")
    assert screen.names[f + 1] == "Lose submarine (super)" and screen.counts[f:f + 2] == [1, 1]
    d.press("select")
    assert b.prompt is None
    sub = s.board.unit_id("submarine")
    assert b.cas[1][sub] == 2 and b.teched_free(sub) == (1, 0)


def _to_the_submerge_question(d, dice):
    """The split set-up (a UK super sub beside the US subs, no destroyer: _uk_super_sub_beside_us_ships)
    started, the device's dice `dice` (one FixedDice for every roll), rolled (Roll) to the
    defenders' submerge question, its screen opened (Select) and its odds computed. Returns
    (battle, screen)."""
    from engine_core.battle import base as bmod
    _ally_to(d, "United Kingdom")
    _set(d, "Ally submarine", 1)
    d.app.dice_source = lambda: dice
    d.press("roll")                                  # Start
    b = d.app.session.battle
    d.press("roll")
    assert b.prompt is not None and b.prompt.kind == bmod.P_SUBMERGE and b.prompt.side == 1
    d.press("select")
    assert d.screen() == "BattlePrompt"
    d.wait(3000)
    return b, d.app.top()


def test_the_players_submerge_the_super_sub_and_the_fighter_sinks_the_plain_one():
    """LHTR-C-33 ("In step 7, subs on either side may submerge, unless an enemy destroyer is in
    the battle"; the rulebook: "Submarines on both sides may retreat during this step by
    submerging"), LHTR-U-82, LHTR-T-06 ("Technology helps only the power that researched it"):
    each power decides for its own subs. LHTR-T-09 (super subs "may not be hit by enemy aircraft
    now unless an enemy destroyer is present"), LHTR-U-80 ("Subs can hit only ships"; cost 8),
    LHTR-A-10 ("If neither side can legally hit the other, the battle ends at once with no
    result"). A German fighter (no destroyer) against a US sub and a UK super sub. Cycle 1: the
    subs have no ship to hit; the fighter rolls 4 at 3: a miss. The submerge question offers, per
    count, how many of the submerging subs are the UK's super subs, each with its odds worked by
    hand: stay (the fighter can sink only the US sub, then neither side can hit: a draw, A win
    0%), one sub submerging, the US one (fighter against the super sub: a draw at once, 0%), the
    UK one (the US sub can never hit the fighter, which hits it with 1/2 each cycle: sum (1/2)^n =
    1, A win 100%), both (no defender left: ends the battle). The players take the UK super sub
    out: the US sub stays. Cycle 2: the fighter rolls 2 at 3, a hit, and the US sub is lost; the
    attacker wins with the UK sub submerged (the old screen's "Submerge 1" sank it to a draw)."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    from engine_core.battle.steps import Battle
    d = Device()
    s = _uk_super_sub_beside_us_ships(d, (("submarine", 2),))
    dice = FixedDice([4, 2])
    b, screen = _to_the_submerge_question(d, dice)
    sub = s.board.unit_id("submarine")
    assert b.teched_free(sub) == (1, 1)
    assert [it[0] for it in screen.items] == ["Stay and fire", "Submerge 1 (0 super)",
                                              "Submerge 1 (1 super)", "Submerge 2 (1 super)"]
    assert [it[1] for it in screen.items] == [0, (1, 0), (1, 1), (2, 1)]
    assert screen.items[screen.cursor][1] == 0                  # the default: stay
    wins = [screen.odds[it[1]]["attacker_wins"] if screen.odds[it[1]] is not None else None
            for it in screen.items]
    assert [w if w is None else round(w, 9) for w in wins] == [0.0, 0.0, 1.0, None]
    assert abs(screen.odds[(1, 1)]["expected_rounds"] - 2.0) < 1e-9    # 1 / (1/2) cycles
    assert abs(screen.odds[0]["draw"] - 1.0) < 1e-9 and abs(screen.odds[0]["defender_ipc_lost"] - 8) < 1e-9
    lines = d.lines()           # a narrow screen: the counts without the word, the odds beside
    assert [ln.split()[-2:] for ln in lines[1:5]] == [["win", "0.0%"], ["win", "0.0%"],
                                                     ["win", "100.0%"], ["ends", "battle"]]
    assert lines[3].startswith("1 (1 super)")
    d.press("down", 2)
    d.press("select")
    assert b.prompt is None or b.prompt.kind == bmod.P_RETREAT
    assert b.subm[1][sub] == 1 and b.alive[1][sub] == 1
    assert b.teched_free(sub) == (0, 1)              # the sub left in the battle is the US one
    d.press("roll")                                  # to the attacker's retreat question
    assert b.prompt is not None and b.prompt.kind == bmod.P_RETREAT
    d.press("select")
    d.press("select")                                # Press on
    assert b.prompt is None
    d.press("roll")                                  # cycle 2
    assert dice.remaining() == 0
    r = b.result
    assert r is not None and r["outcome"] == bmod.O_ATTACKER_WON and r["rounds"] == 2
    assert r["lost"][1][sub] == 1 and r["submerged"][1][sub] == 1 and r["ipc_lost"] == [0, 8]
    # the same dice with the US sub submerged (the old screen's only choice): a draw at once
    old = Battle("revised_lhtr", "sea", {"fighter": 1}, {"submarine": 2},
                 {"defender_tech": ("super_submarines",), "defender_teched": {"submarine": 1}})
    old.run_until_prompt(FixedDice([4]))
    old.answer(1)
    old.run_until_prompt(FixedDice([]))
    assert old.result["outcome"] == bmod.O_STALEMATE and old.teched_free(sub) == (1, 0)


def test_the_submerge_choices_stay_within_each_powers_subs():
    """LHTR-C-33 LHTR-T-06: two US subs and one UK super sub: of k subs submerging, as many of the
    UK's as there are (at most 1) and at least k - 2 (the US has 2): the screen offers exactly
    those; the engine refuses more super subs than there are, or more plain ones, with the rule
    id, and nothing changes."""
    from engine_core.dice import FixedDice
    from engine_core.errors import RuleError
    d = Device()
    s = _uk_super_sub_beside_us_ships(d, (("submarine", 3),))
    b, screen = _to_the_submerge_question(d, FixedDice([4]))
    assert [it[1] for it in screen.items] == [0, (1, 0), (1, 1), (2, 0), (2, 1), (3, 1)]
    sub = s.board.unit_id("submarine")
    p = b.prompt
    for bad in ({"submerge": 1, "teched": {"submarine": 2}}, {"submerge": 3, "teched": {"submarine": 0}}):
        try:
            b.answer(bad)
        except RuleError as err:
            assert err.rule == "LHTR-C-33"
        else:
            raise AssertionError("refused: %r" % bad)
        assert b.prompt is p and b.alive[1][sub] == 3 and b.teched_free(sub) == (1, 2)
    d.press("down", 5)
    d.press("select")                                # all three: the UK's one with them
    assert b.subm[1][sub] == 3 and b.alive[1][sub] == 0


def test_nothing_split_the_submerge_question_is_a_number():
    """LHTR-C-33: all the defending subs of one power (no "Ally submarine" entered): the question
    is a number as before, "Submerge 1", "Submerge 2"."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    _uk_super_sub_beside_us_ships(d, (("submarine", 2),))
    d.app.dice_source = lambda: FixedDice([4])
    d.press("roll")
    d.press("roll")
    assert d.app.session.battle.prompt.kind == bmod.P_SUBMERGE
    d.press("select")
    assert [it for it in d.app.top().items] == [("Stay and fire", 0), ("Submerge 1", 1), ("Submerge 2", 2)]
