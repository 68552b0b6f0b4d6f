"""An amphibious assault's launch zone defended by ships of two or more powers (issue 16): once sea
defenders are entered, the set-up's "Sea ally" rows (the power, then per sea defender type a
technology or national advantage of the sea defender's side changes, how many are the ally's)
make session.battle_options give each power's ships its own technologies in the sea battle
(sea_defender_tech / sea_defender_teched; LHTR-T-06: "Technology helps only the power that
researched it"; the rulebook: "powers can't share their technology"), in the battle, its odds
and a pending battle's record. Without such a type the screens are as before."""

from engine_core import techs
from engine_core.dice import FixedDice
from test_firmware_battle_setup import _lhtr_family_combat, _set, _to_row, _row
from test_firmware_battle_sea_defender import _assault_on_uk_coast
from fw_device import Device


def _assault(d, uk_super=True):
    """Revised LHTR, Germany's combat, the United Kingdom with Super Submarines (the United
    States without): an assault on a UK coastal territory (1 infantry aboard a transport with a
    fighter and a submarine) against 1 UK infantry and, in the launch zone, 2 submarines (the "Sea defender"
    row: the UK, the owner). Returns (session, board, setup)."""
    _lhtr_family_combat(d, "Revised LHTR")
    s = d.app.session
    board = s.board
    if uk_super:
        s.game.state.techs[board.power_id("United Kingdom")] |= techs.SUPER_SUBS
    setup = _assault_on_uk_coast(d, (("Sea fighter", 1), ("Sea submarine", 1), ("Sea transport", 1)))
    assert "Sea ally" not in setup.names                # no ships entered there yet
    _set(d, "Sea submarine", 2)
    assert board.power_name(setup.sea_powers[setup.sea_power]) == "United Kingdom"
    return s, board, setup


def _sea_ally_to(d, name):
    setup = d.app.top()
    _to_row(d, "Sea ally")
    for _ in range(len(setup.sea_ally_list())):
        if d.app.session.board.power_name(setup.sea_ally_power()) == name:
            break
        d.press("right")
    d.wait(100)
    assert d.app.session.board.power_name(setup.sea_ally_power()) == name


def _first_round(s, dice):
    """The sea battle's first round fought with `dice`, to its first choice (the attacker's
    retreat or submerge at the round's end, LHTR-C-33): (battle, dice used, the defenders'
    submarines left)."""
    from engine_core.battle.base import P_SUBMERGE
    b = s.battle
    fixed = FixedDice(dice)
    p = b.run_until_prompt(fixed)
    assert p is not None and p.kind == P_SUBMERGE and p.side == 0 and b.round == 1 and b.part == 0
    sub = s.board.unit_id("submarine")
    return b, fixed.used, b.alive[1][sub] - b.cas[1][sub]


def test_a_us_sub_beside_a_uk_super_sub_is_hit_by_the_fighter():
    """LHTR-T-06 LHTR-T-09 ("they may not be hit by enemy aircraft now unless an enemy destroyer
    is present"): the UK (sea defender) has Super Submarines, the US sub beside its sub has not.
    The set-up names the US as sea ally with 1 sub: the sea battle gets sea_defender_teched
    {"submarine": 1} (the UK's one), the land battle no split. Dice by hand, round 1: the German
    sub 6 (miss at 2), the defending subs 6, 6 (miss at 2), the German fighter 1 (hit at 3): no
    German destroyer, so the hit may fall only on the US sub: one sub left, the UK's super sub.
    The set-up's odds of the sea battle rise (the fighter has a target)."""
    d = Device()
    s, board, setup = _assault(d)
    assert "Sea ally" in setup.names and "Sea ally submarine" in setup.names
    assert _row(setup, "Sea ally") == _row(setup, "Sea defender") + 1
    assert "Ally" not in setup.names                    # the land battle: nothing to split
    d.wait(300)
    before = setup.odds_text
    _sea_ally_to(d, "United States")
    _set(d, "Sea ally submarine", 1)
    assert setup.refusal is None, setup.refusal
    assert setup.row_text(_row(setup, "Sea ally"), 40).rstrip().endswith("United States")
    us = board.power_id("United States")
    assert setup.chosen_options()["sea_ally"] == {"submarine": 1}
    assert setup.chosen_options()["sea_ally_power"] == us
    opts = setup.options()
    assert opts["sea_defender_tech"] == ("super_submarines",)
    assert opts["sea_defender_teched"] == {"submarine": 1}
    assert opts["defender_tech"] == ("super_submarines",) and "defender_teched" not in opts
    d.wait(300)
    after = setup.odds_text
    assert after.startswith("Sea") and before.startswith("Sea")
    assert float(after.split("%")[0][4:]) > float(before.split("%")[0][4:])
    from engine_core.odds import assault              # the odds engine given the split itself
    args = (board, {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
            {"fighter": 1, "submarine": 1, "transport": 1}, {"submarine": 2})
    tech = {"attacker": [], "defender": ["super_submarines"]}
    for shown, split in ((before, None), (after, {"submarine": 1})):
        r = assault.odds(*args, tech=tech, sea_defender_tech=["super_submarines"], sea_defender_teched=split)
        assert shown.startswith("Sea %.1f%% Win %.1f%%" % (100 * r["sea"]["attacker_wins"],
                                                           100 * r["attacker_wins"])), (shown, r)
    d.press("roll")
    b, used, subs = _first_round(s, [6, 6, 6, 1])
    assert used == 4 and subs == 1
    assert b.teched_free(board.unit_id("submarine")) == (1, 0)   # the UK super sub left


def test_without_the_split_both_subs_are_super_and_the_fighter_has_no_target():
    """LHTR-T-09: the same set-up with no sea ally named (both subs the UK's, both super): the
    fighter may hit neither (no German destroyer) and does not roll; round 1 with the German sub
    6 and the defending subs 6, 6 leaves both subs."""
    d = Device()
    s, board, setup = _assault(d)
    opts = setup.options()
    assert opts["sea_defender_tech"] == ("super_submarines",) and "sea_defender_teched" not in opts
    d.press("roll")
    b, used, subs = _first_round(s, [6, 6, 6, 1])
    assert used == 3 and subs == 2


def test_no_sea_ally_rows_when_no_power_of_the_side_has_a_sub_technology():
    """LHTR-T-06: without Super Submarines on the sea defender's side whose sub is whose changes
    nothing: no "Sea ally" rows, the options as before."""
    d = Device()
    s, board, setup = _assault(d, uk_super=False)
    assert "Sea ally" not in setup.names and "Sea ally submarine" not in setup.names
    assert "sea_ally" not in setup.chosen_options()
    assert "sea_defender_teched" not in setup.options()


def test_more_sea_ally_subs_than_defend_are_refused():
    """LHTR-T-06: the Soviet Union (first to move) assaults Norway (Germany's, Germany with
    Super Submarines), 3 of the launch zone's 2 German subs named Japan's: refused naming the
    rule, the options given unchanged (the device's row stops at the subs entered)."""
    from engine_core.errors import RuleError
    from firmware.session import Session
    s = Session(None)
    s.new_game("revised_lhtr", 7)
    board = s.board
    s.game.state.techs[board.power_id("Germany")] |= techs.SUPER_SUBS
    extra = {"seaborne": {"infantry": 1}, "sea_attacker": {"fighter": 1, "transport": 1},
             "sea_defender": {"submarine": 2}, "sea_defender_power": board.power_id("Germany"),
             "sea_ally": {"submarine": 3}, "sea_ally_power": board.power_id("Japan")}
    keep = dict(extra)
    try:
        s.battle_options("amphibious", board.territory_id("Norway"), extra)
        raise AssertionError("not refused")
    except RuleError as e:
        assert e.rule == "LHTR-T-06" and "Sea ally" in str(e)
    assert extra == keep
    extra["sea_ally"] = {"submarine": 1}                # 1 of 2: Germany's other one is super
    opts = s.battle_options("amphibious", board.territory_id("Norway"), extra)
    assert opts["sea_defender_tech"] == ("super_submarines",)
    assert opts["sea_defender_teched"] == {"submarine": 1}


def test_a_pending_assault_keeps_the_sea_ally():
    """LHTR-T-06: a pending assault (firmware/pending.py, as on flash) keeps which of the launch
    zone's defenders are the sea ally's and whose; opened again the set-up shows them."""
    from firmware import pending
    from firmware.screens.battle import BattleSetup
    d = Device()
    s, board, setup = _assault(d)
    _sea_ally_to(d, "United States")
    _set(d, "Sea ally submarine", 1)
    chosen = setup.chosen_options()
    us = board.power_id("United States")
    assert chosen["sea_ally"] == {"submarine": 1} and chosen["sea_ally_power"] == us
    assert pending._options(chosen) == chosen
    assert pending._options({"sea_ally_power": 99}) is None
    pending.of(s).put(s.game, setup.territory, "amphibious", {"infantry": 1}, {"infantry": 1}, chosen)
    row = pending.of(s).get(s.game, setup.territory)
    assert row[4] == chosen
    key, rows = pending.decode(pending.encode(pending.of(s).key, [row]))
    assert rows == [row]
    again = BattleSetup(d.app, "amphibious", row[2], row[3], territory=row[0], options=row[4])
    assert again.chosen_options() == chosen and again.sea_ally_power() == us
    again.side = 1
    again.build()
    assert again.counts[again.names.index("Sea ally submarine")] == 1


def test_a_sea_allys_own_national_advantage():
    """LHTR-O-02 ("A power may not share its national advantages with friendly powers"),
    LHTR-O-43 (Most Powerful Battleships, Japan's): the Soviet Union assaults Norway (Germany's),
    the launch zone's 2 battleships Germany's (sea defender) and Japan's (sea ally, 1): the sea
    battle's side has the advantage, for 1 battleship only (sea_defender_teched)."""
    from firmware.session import Session
    s = Session(None)
    s.new_game("revised_lhtr", 7, {"national_advantages": ["powerful_battleships"]})
    board = s.board
    extra = {"seaborne": {"infantry": 1}, "sea_attacker": {"bomber": 2, "transport": 1},
             "sea_defender": {"battleship": 2}, "sea_defender_power": board.power_id("Germany"),
             "sea_ally": {"battleship": 1}, "sea_ally_power": board.power_id("Japan")}
    opts = s.battle_options("amphibious", board.territory_id("Norway"), extra)
    assert opts["sea_defender_na"] == ("powerful_battleships",)
    assert opts["sea_defender_teched"] == {"battleship": 1}
    assert opts["defender_na"] == () and "defender_teched" not in opts
    from engine_core.battle.steps import Battle
    b = Battle(board, "amphibious", {"infantry": 1}, {"infantry": 1}, opts)
    assert b.teched[board.unit_id("battleship")] == 1


def test_a_sea_allys_kamikaze_names_only_its_own_fighter():
    """LHTR-O-41 ("At the start of any sea battle, attacking or defending (never on land), Japan
    may name any number of its fighters") LHTR-O-02 LHTR-C-42: the Soviet Union assaults Norway
    (Germany's); in the launch zone a German carrier with a German and a Japanese fighter (sea
    ally, 1; Japan with Kamikaze Attacks, no Jets). The sea battle's options say one fighter is
    Japan's (sea_defender_strikers) and it carries no Jets; the battle asks Japan to name and
    refuses both fighters with LHTR-O-41; the landing has no strikers."""
    from firmware.session import Session
    from engine_core.battle.steps import Battle
    from engine_core.battle.base import P_KAMIKAZE
    from engine_core.errors import RuleError
    s = Session(None)
    s.new_game("revised_lhtr", 7, {"national_advantages": ["kamikaze"]})
    board = s.board
    extra = {"seaborne": {"infantry": 1}, "sea_attacker": {"battleship": 2, "transport": 1},
             "sea_defender": {"aircraft_carrier": 1, "fighter": 2},
             "sea_defender_power": board.power_id("Germany"),
             "sea_ally": {"fighter": 1}, "sea_ally_power": board.power_id("Japan")}
    opts = s.battle_options("amphibious", board.territory_id("Norway"), extra)
    assert opts["sea_defender_na"] == ("kamikaze",)
    assert opts["sea_defender_strikers"] == {"fighter": 1}
    assert opts["sea_defender_strikers_teched"] == {"fighter": 0}
    assert opts["defender_na"] == () and "defender_strikers" not in opts
    b = Battle(board, "amphibious", {"infantry": 1}, {"infantry": 1}, opts)
    assert b.foreign[board.unit_id("fighter")] == 1 and b.steched is None
    p = b.run_until_prompt(None)
    assert p.kind == P_KAMIKAZE and p.side == 1
    try:
        b.answer([("fighter", "battleship"), ("fighter", "transport")])
        raise AssertionError("not refused")
    except RuleError as e:
        assert e.rule == "LHTR-O-41"
    b.answer([("fighter", "transport")])
    assert b.prompt is None


def test_sea_ally_rows_show_the_kamikaze_fighters():
    """LHTR-O-41 (Japan names only its own fighters, in any sea battle: an assault's too),
    LHTR-O-42 (subs as kaitens): the set-up's owner rows (Ally at sea and Sea ally in an assault,
    firmware/screens/battle.py split_types) list the fighters and subs entered while Kamikaze
    Attacks / Kaiten Torpedoes are on the side, though no technology changes them; on land not."""
    from firmware.screens.battle import split_types
    from engine_core import board as boards
    from engine_core.battle.advantage_bits import NA_KAMIKAZE, NA_KAITEN
    board = boards.load("revised_lhtr")
    ids = [board.unit_id(n) for n in ("fighter", "aircraft_carrier", "submarine", "battleship")]
    counts = [2, 1, 1, 1]
    assert split_types(board, ids, counts, 0, NA_KAMIKAZE, True) == [0]
    assert split_types(board, ids, counts, 0, NA_KAITEN, True) == [2]
    assert split_types(board, ids, counts, 0, NA_KAMIKAZE | NA_KAITEN, False) == []
    assert split_types(board, ids, [0, 1, 1, 1], 0, NA_KAMIKAZE, True) == []   # none entered


UK, US, USSR = "United Kingdom", "United States", "Soviet Union"


def _three_powers_assault(d):
    """Revised LHTR, Germany's combat; the United Kingdom with Jet Fighters, the United States
    with Jet Fighters and Super Submarines, the Soviet Union with neither: an assault on a UK
    coastal territory (1 infantry aboard a transport with a battleship) against 1 UK infantry and,
    in the launch zone (the UK the "Sea defender"), 2 carriers, 3 fighters and 3 submarines.
    Returns (session, board, setup), the defender's side shown."""
    _lhtr_family_combat(d, "Revised LHTR")
    s = d.app.session
    board = s.board
    st = s.game.state
    st.techs[board.power_id(UK)] |= techs.JETS
    st.techs[board.power_id(US)] |= techs.JETS | techs.SUPER_SUBS
    setup = _assault_on_uk_coast(d, (("Sea battleship", 1), ("Sea transport", 1)))
    _set(d, "Sea fighter", 3)
    _set(d, "Sea submarine", 3)
    _set(d, "Sea " + setup.unit_names[_slot(setup, "aircraft_carrier")], 2)
    assert board.power_name(setup.sea_powers[setup.sea_power]) == UK
    return s, board, setup


def _slot(setup, unit):
    return setup.ids.index(setup.app.session.board.unit_id(unit))


def _name_us_and_soviet_ships(d):
    _sea_ally_to(d, US)
    _set(d, "Sea ally fighter", 1)
    _set(d, "Sea ally submarine", 1)
    _sea_ally_to(d, USSR)
    _set(d, "Sea ally fighter", 1)
    _set(d, "Sea ally submarine", 1)


def test_a_launch_zone_of_three_powers_of_different_technologies():
    """LHTR-T-06 ("Technology helps only the power that researched it"), LHTR-T-07 (Jet Fighters:
    "The power's fighters defend at 5"), LHTR-T-09 (Super Submarines): the launch zone's fighters
    and subs are the UK's (Jets), the US's (Jets, Super Subs) and the Soviet Union's (neither),
    one of each type each. The "Sea ally" rows name the US and the Soviet Union, each keeping its
    own counts while the row shows the other; the options: sea_defender_teched fighter = 2 (the UK
    one and the US one), submarine = 1 (the US one): no one ally could say both (the fighters'
    odd one is the Soviet Union's, the subs' the US's). Dice by hand, all 5: the battleship misses
    at 4, the subs at 2 and the carriers at 3; the fighters roll 5 at 4 (the Soviet one: miss)
    and 5, 5 at 5 (the UK and US ones: 2 hits)."""
    from engine_core import events as ev
    from firmware.screens.battle import columns
    d = Device()
    s, board, setup = _three_powers_assault(d)
    assert "Sea ally fighter" in setup.names and "Sea ally submarine" in setup.names
    _name_us_and_soviet_ships(d)
    assert setup.refusal is None, setup.refusal
    _sea_ally_to(d, US)                                 # back to the US: its own, not the Soviet's
    assert setup.counts[_row(setup, "Sea ally fighter")] == 1
    assert setup.counts[_row(setup, "Sea ally submarine")] == 1
    assert setup.row_text(_row(setup, "Sea ally"), 40).rstrip().endswith(US)
    chosen = setup.chosen_options()
    us, ussr = board.power_id(US), board.power_id(USSR)
    # in power order (the Soviet Union moves first)
    assert chosen["sea_allies"] == [[ussr, {"fighter": 1, "submarine": 1}], [us, {"fighter": 1, "submarine": 1}]]
    assert "sea_ally" not in chosen and "sea_ally_power" not in chosen and "allies" not in chosen
    opts = setup.options()
    assert opts["sea_defender_tech"] == ("jet_fighters", "super_submarines")   # the side's
    assert opts["sea_defender_teched"] == {"fighter": 2, "submarine": 1}
    assert "defender_teched" not in opts                # the landing: 1 UK infantry
    d.press("roll")
    b = s.battle
    assert b is not None
    ftr = board.unit_id("fighter")
    assert (4, [(ftr, 1)]) in columns(b, 1) and (5, [(ftr, 2)]) in columns(b, 1)
    b.run_until_prompt(FixedDice([5] * 12))
    rolls = [(e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL and e[1] == 1]
    assert (4, (5,)) in rolls and (5, (5, 5)) in rolls, rolls
    assert (2, (5, 5, 5)) in rolls and (3, (5, 5)) in rolls, rolls


def test_too_many_sea_ally_ships_are_refused_and_fewer_sea_defenders_trim_them():
    """LHTR-T-06: the sea allies' ships are among the launch zone's defenders: with 3 fighters
    there, 2 US and 1 Soviet named is all three; one more Soviet fighter is refused with the
    rule's id, nothing changed. Fewer sea fighters cut the sea allies' (the shown ally's first).
    The session refuses a record naming more together than defend there."""
    from engine_core.errors import RuleError
    d = Device()
    s, board, setup = _three_powers_assault(d)
    us, ussr = board.power_id(US), board.power_id(USSR)
    _sea_ally_to(d, US)
    _set(d, "Sea ally fighter", 2)
    _sea_ally_to(d, USSR)
    _set(d, "Sea ally fighter", 1)
    assert setup.refusal is None, setup.refusal
    before = setup.chosen_options()
    assert before["sea_allies"] == [[ussr, {"fighter": 1}], [us, {"fighter": 2}]]
    d.press("right")                                    # a fourth sea-allied fighter of 3
    assert setup.counts[setup.cursor] == 1
    assert setup.message.startswith("LHTR-T-06") and "3" in setup.message and "fighter" in setup.message
    assert setup.chosen_options() == before
    assert setup.options()["sea_defender_teched"] == {"fighter": 2, "submarine": 0}   # the 2 US ones; no sub super
    _set(d, "Sea fighter", 2)                           # one sea fighter less: the Soviet one goes
    chosen = setup.chosen_options()
    assert chosen["sea_ally"] == {"fighter": 2} and chosen["sea_ally_power"] == us
    extra = dict(before)
    extra["sea_allies"] = [[ussr, {"fighter": 2}], [us, {"fighter": 2}]]
    try:
        s.battle_options("amphibious", setup.territory, extra)
        raise AssertionError("not refused")
    except RuleError as e:
        assert e.rule == "LHTR-T-06" and "Sea ally" in str(e)


def test_a_pending_assault_keeps_two_sea_allies():
    """LHTR-T-06: a pending assault (firmware/pending.py, as on flash) keeps each sea ally's
    ships; opened again the set-up shows them and gives the same options."""
    from firmware import pending
    from firmware.screens.battle import BattleSetup
    d = Device()
    s, board, setup = _three_powers_assault(d)
    _name_us_and_soviet_ships(d)
    chosen = setup.chosen_options()
    us, ussr = board.power_id(US), board.power_id(USSR)
    assert chosen["sea_allies"] == [[ussr, {"fighter": 1, "submarine": 1}], [us, {"fighter": 1, "submarine": 1}]]
    assert pending._options(chosen) == chosen
    assert pending._options({"sea_allies": [[us, {"fighter": 1}], [us, {"fighter": 1}]]}) is None
    assert pending._options({"sea_allies": [[40, {"fighter": 1}]]}) is None
    pending.of(s).put(s.game, setup.territory, "amphibious", {"infantry": 1}, {"infantry": 1}, chosen)
    row = pending.of(s).get(s.game, setup.territory)
    assert row[4] == chosen
    key, rows = pending.decode(pending.encode(pending.of(s).key, [row]))
    assert rows == [row]
    again = BattleSetup(d.app, "amphibious", row[2], row[3], territory=row[0], options=row[4])
    assert again.chosen_options() == chosen
    assert again.options()["sea_defender_teched"] == {"fighter": 2, "submarine": 1}
    again.side = 1
    again.build()
    assert board.power_name(again.sea_ally_power()) == USSR
    assert again.counts[again.names.index("Sea ally fighter")] == 1
