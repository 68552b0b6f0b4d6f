"""firmware/session.py: a game battle gets its options from the game (technologies, liberation,
LHTR national advantages), the set-up's own choices (bombardment, kamikaze) are checked when
entered, and the same options reach the odds. Expectations hand-worked as exact fractions.
"""

import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "portable"))

from portable_helpers import _to  # noqa: E402

from engine_core.errors import RuleError, InputError  # noqa: E402
from engine_core.ledger import research  # noqa: E402
from firmware.session import Session, odds_args  # noqa: E402


def _session(edition):
    s = Session(None)
    s.new_game(edition, 7)
    return s


def _refused(fn, *args):
    try:
        fn(*args)
    except (RuleError, InputError) as err:
        return getattr(err, "rule", "") or "INPUT"
    raise AssertionError("not refused")


def test_researched_jets_reach_the_battle_and_its_odds():
    """P40-R-22: Japan's jet fighters attack at 4. One fighter against one infantry (defends at 2),
    to the end: per round the fighter hits 4/6, the infantry 2/6; attacker alone survives
    4/6*4/6 = 4/9, repeat 2/6*2/6... -> win = (4/9) / (1 - 2/9) = 4/7 (without jets: 1/2)."""
    s = _session("pacific_1940")
    board, state = s.board, s.game.state
    japan = board.power_id("Japan")
    t = board.territory_id("Hunan")  # Chinese at the start; Japan is at war with China (P40-P-01)
    assert state.owner[t] == board.power_id("China")
    plain = s.battle_options("land", t)
    assert plain["attacker_tech"] == () and plain["defender_tech"] == ()
    assert abs(s.odds("land", {"fighter": 1}, {"infantry": 1}, plain)["attacker_wins"] - 0.5) < 1e-9
    state.techs[japan] |= research.JETS | research.WAR_BONDS  # war bonds: not a battle technology
    opts = s.battle_options("land", t)
    assert opts["attacker_tech"] == ("jet_fighters",)
    assert abs(s.odds("land", {"fighter": 1}, {"infantry": 1}, opts)["attacker_wins"] - 4.0 / 7) < 1e-9
    b = s.start_battle("land", {"fighter": 1}, {"infantry": 1}, t, opts)
    assert b.tech[0] == 1  # T_JETS in the battle itself
    s.end_battle()


def test_liberation_of_an_allys_territory():
    """P40-C-103: Kiangsu is Chinese by origin and Japanese at the start: the UK attacking it
    liberates it for China; Japan attacking Chinese Hunan does not."""
    s = _session("pacific_1940")
    board = s.board
    assert "liberates" not in s.battle_options("land", board.territory_id("Hunan"))
    _to(s.game, "United Kingdom", "combat_move")
    assert s.battle_options("land", board.territory_id("Kiangsu"))["liberates"] is True


def test_kamikaze_tokens_checked_when_entered():
    """P40-C-30: 6 tokens; P40-C-31: kamikaze zones only; P40-C-33: against an Allied attack."""
    s = _session("pacific_1940")
    board = s.board
    zones = [t for t in range(board.territory_count) if board.is_sea(t) and board.is_kamikaze_zone(t)]
    other = [t for t in range(board.territory_count) if board.is_sea(t) and not board.is_kamikaze_zone(t)]
    assert _refused(s.battle_options, "sea", zones[0], {"kamikaze": 1}) == "P40-C-33"  # Japan attacks
    _to(s.game, "United States", "combat_move")
    assert s.battle_options("sea", zones[0], {"kamikaze": 2})["kamikaze"] == 2
    assert _refused(s.battle_options, "sea", zones[0], {"kamikaze": 7}) == "P40-C-30"
    assert _refused(s.battle_options, "sea", other[0], {"kamikaze": 1}) == "P40-C-31"


def test_lhtr_national_advantages_from_the_game():
    """LHTR-O-43: Japan's powerful battleships; LHTR-O-25 Fortress Europe is Germany's: a Soviet
    attack on gray (German original) Germany has the defender's advantage and the gray fact."""
    s = Session(None)
    s.new_game("revised_lhtr", 7, {"national_advantages": ["fortress_europe", "powerful_battleships"]})
    board = s.board
    t = board.territory_id("Germany")
    opts = s.battle_options("land", t)  # the Soviet Union moves first in Revised (LHTR-T-01)
    assert opts["attacker_na"] == () and opts["defender_na"] == ("fortress_europe",)
    assert "gray" in opts["space"]
    assert odds_args(opts)["advantages"] == {"attacker": [], "defender": ["fortress_europe"]}
    # one artillery defends at 3 with Fortress Europe (2 without) against one infantry (attacks 1):
    # infantry alone survives 1/6*3/6, artillery alone 5/6*3/6, both die 1/6*3/6, again 5/6*3/6
    # -> attacker win = (3/36) / (21/36) = 1/7
    r = s.odds("land", {"infantry": 1}, {"artillery": 1}, opts)
    assert abs(r["attacker_wins"] - 1.0 / 7) < 1e-9


def test_a_battle_set_up_refused_when_entered():
    """P40-U-23 (a battleship fights at sea or bombards, never in a territory): the set-up check
    refuses it, nothing is started or saved; bombardment of a land battle is refused too."""
    s = _session("pacific_1940")
    t = s.board.territory_id("Kwangtung")
    assert _refused(s.check_battle, "land", {"battleship": 1, "infantry": 2}, {"infantry": 1})
    assert s.battle is None
    s.check_battle("amphibious", {"infantry": 2}, {"infantry": 1},
                   s.battle_options("amphibious", t, {"bombard": {"battleship": 1}, "seaborne": {"infantry": 2}}))
    assert _refused(s.check_battle, "land", {"infantry": 2}, {"infantry": 1},
                    {"bombard": {"battleship": 1}}) == "P40-C-60"


def test_scramble_bases_come_from_the_games_facilities():
    """Issue 16 item 16. P40-C-20: each territory with an operative air base scrambles up to 3
    fighters / tactical bombers into an adjacent zone under attack; P40-U-67: "Inoperative at 3
    or more damage: ... no scramble". Japan attacks Sea Zone 26: the Hawaiian Islands (an island
    with a US air base) give the battle 1 air base, so 3 fighters may scramble, 4 are refused
    when entered; with 3 damage markers on the base no scramble at all. The assault on the
    Hawaiian Islands from Sea Zone 26 takes the same base from its launch zone."""
    from engine_core.ledger import economy
    s = _session("pacific_1940")
    board, state = s.board, s.game.state
    z26 = board.territory_id("Sea Zone 26")
    hawaii = board.territory_id("Hawaiian Islands")
    opts = s.battle_options("sea", z26, {"scramble": {"fighter": 3}})
    assert opts["air_bases"] == 1
    s.check_battle("sea", {"battleship": 1}, {"destroyer": 1}, opts)
    four = s.battle_options("sea", z26, {"scramble": {"fighter": 4}})
    assert _refused(s.check_battle, "sea", {"battleship": 1}, {"destroyer": 1}, four) == "P40-C-20"
    amph = s.battle_options("amphibious", hawaii, {"scramble": {"fighter": 2}, "launch": z26})
    assert amph["air_bases"] == 1 and "launch" not in amph
    economy.set_damage(state, hawaii, economy.DMG_AIR, 3)
    assert _refused(s.battle_options, "sea", z26, {"scramble": {"fighter": 1}}) == "P40-C-20"
    assert "air_bases" not in s.battle_options("sea", z26, {})   # no scramble chosen: nothing asked


def test_naval_base_repair_is_noted_not_refused():
    """P40-U-66: damaged capital ships in a zone serviced by an operative friendly naval base are
    repaired free at their owner's Purchase & Repair phase. The device cannot know whether the
    ship was there at that time (it may have moved in after), so a damaged US battleship in Sea
    Zone 26 (Pearl Harbor's naval base) gets a note, not a refusal; with the base at 3 damage
    markers (inoperative) no note; a zone with no naval base none."""
    from engine_core.ledger import economy
    from firmware.setup_checks import repair_note
    s = _session("pacific_1940")
    board, state = s.board, s.game.state
    z26 = board.territory_id("Sea Zone 26")
    dmg = {"defender_damaged": {"battleship": 1}}
    note = repair_note(s, "sea", z26, s.battle_options("sea", z26, dmg))
    assert note == "P40-U-66: D repairs here at Purchase"
    assert repair_note(s, "sea", z26, {"attacker_damaged": {"battleship": 1}}) == ""  # Japan's: no base there
    economy.set_damage(state, board.territory_id("Hawaiian Islands"), economy.DMG_NAVAL, 3)
    assert repair_note(s, "sea", z26, dmg) == ""


def test_assault_sea_part_checked_when_entered():
    """The sea battle of an amphibious assault, per edition: Classic CL-C-42 (no support shot after
    a naval battle), CL-U-71 (a transport carries 1-2 infantry or one other unit: 1 tank + 1
    infantry need 2); LHTR-C-44 (no bombardment after a sea battle), LHTR-U-71 (one unit plus one
    infantry: 1 tank + 1 infantry fit 1 transport); CL-C-41 / LHTR-C-41: no enemy ships, no sea
    battle."""
    from firmware.setup_checks import check_assault
    from engine_core import board as B
    classic = B.load("classic")
    lhtr = B.load("revised_lhtr")
    sea = {"sea_attacker": {"battleship": 1, "transport": 1}, "sea_defender": {"submarine": 1}}
    tank_inf = {"seaborne": {"armor": 1, "infantry": 1}}

    def refused(board, opts):
        try:
            check_assault(board, opts)
        except RuleError as err:
            return err.rule
        return None

    assert refused(classic, dict(sea, bombard={"battleship": 1})) == "CL-C-42"
    assert refused(lhtr, dict(sea, bombard={"battleship": 1})) == "LHTR-C-44"
    assert refused(classic, dict(sea, **tank_inf)) == "CL-U-71"
    assert refused(lhtr, dict(sea, **tank_inf)) is None
    assert refused(lhtr, {"sea_attacker": {"battleship": 1}}) == "LHTR-C-41"
    assert refused(classic, {"sea_attacker": {"battleship": 1}}) == "CL-C-41"
    assert refused(classic, {"bombard": {"battleship": 1}, "seaborne": {"infantry": 2}}) is None
